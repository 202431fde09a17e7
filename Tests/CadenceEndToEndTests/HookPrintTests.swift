import CadenceTestSupport
import Foundation
import Testing

/// What a hook prints during a run: on standard error with `--plain` and `--json`, in the
/// view's notice line otherwise; escaped, and capped at 200 characters and 8 lines a call.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HookPrintTests {
  let folder = TemporaryFolder("print").url

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  /// One short step whose hook prints a line with controls in it, one too long and too many.
  func routine(length: String) throws -> String {
    try CadenceProcess.temporaryFile(
      "printing.lua",
      """
      return {
        name = "Printing",
        steps = { { "Go", "\(length)" } },
        on_work = function(ctx)
          print("bell\\7 and clear\\27[2J", ctx.index)
          print(string.rep("y", 500))
          for i = 1, 20 do print("line " .. i) end
          return "go"
        end,
      }
      """)
  }

  @Test(arguments: ["--plain", "--json"])
  func aRunPrintsWhatAHookPrintsOnStandardErrorEscapedAndCapped(format: String) throws {
    let path = try routine(length: "300ms")
    let output = try CadenceProcess.run(
      ["run", path, format, "--mute", "--no-notify"], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    let printed = output.standardError.split(separator: "\n").map(String.init)
      .filter { $0.hasPrefix("\(path): print: ") }
      .map { String($0.dropFirst("\(path): print: ".count)) }
    // The first line with its controls escaped and its tab shown as \t, the long one cut to
    // 200 characters, six more of the twenty, and a word that the rest was cut off.
    #expect(printed.count == 9, "\(output.standardError)")
    #expect(printed.first == "bell\\u{7} and clear\\u{1B}[2J\\t1", "\(printed)")
    #expect(printed.dropFirst().first == String(repeating: "y", count: 199) + "…")
    #expect(Array(printed.dropFirst(2).prefix(6)) == (1...6).map { "line \($0)" })
    #expect(printed.last == "(more output was cut off)")
    #expect(!output.standardError.contains("\u{1B}") && !output.standardError.contains("\u{7}"))
    // Standard output has the events alone.
    #expect(!output.standardOutput.contains("print:"))
    #expect(output.standardOutput.contains(format == "--json" ? "\"event\":\"finish\"" : "Go"))
  }

  @Test func aSmallViewKeepsQAndACompactLineAndShowsWhatAHookPrinted() throws {
    let tmux = Tmux()
    defer { tmux.stop() }
    let path = try routine(length: "10m")
    let variables = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    // 50 columns and 16 rows: below the size for the big digits.
    try tmux.start(
      "small",
      "env \(variables) \(CadenceProcess.binary.path) run \(path) --mute --no-notify; sleep 60",
      columns: 50, rows: 16)
    let visible = { (text: String) in text.filter { !$0.isWhitespace } }
    let text = try tmux.wait("small") {
      visible($0).contains("print:") && $0.contains("q stop run")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The countdown on a line of its own instead of the big digits.
    #expect(
      lines.contains {
        $0.trimmingCharacters(in: .whitespaces).range(
          of: #"^[0-9]+:[0-9]{2}$"#, options: .regularExpression)
          != nil
      }, "\(text)")
    #expect(!text.contains("█████"), "\(text)")
    // The last thing the hook printed, escaped, in the notice lines (the routine's path and
    // the line, wrapped); the keys on the last row.
    #expect(visible(text).contains("print:(moreoutputwascutoff)"), "\(text)")
    #expect(!text.contains("\u{1B}"))
    #expect(lines.last { !$0.isEmpty }?.hasPrefix(" q stop run") == true, "\(text)")
    try tmux.keys("small", ["q"])
    _ = try tmux.wait("small") { $0.contains("stopped after") }
  }
}
