import CadenceTestSupport
import CadenceText
import Foundation
import Testing

/// A stranger's routine, step and task names through every status bar the README sets up,
/// each read by the real thing: tmux's status line (a real server, drawn in a client of
/// another), and Pango's markup parser for waybar and i3blocks. Each shows the names exactly
/// as `--format` does in a shell, and no name is ever read as a format, a style or a tag.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StatusBarTests {
  let folder = TemporaryFolder("bars").url

  /// A tmux format whose regular expression (back-references, 50 letters) keeps a tmux
  /// server busy for seconds at every match, which is at every redraw of a status line.
  static let bomb = "#{m/r:(a*)*\\1\\1\\1b," + String(repeating: "a", count: 50) + "c}"
  static let routine = "#[reverse]Push & Pull #(echo hi) '<b>' #"
  static let step = bomb + " #[fg=red]x <span foreground=\"red\">&</span> %{F#f00}y%{A1:z:}#"
  static let task = "#{session_name} & <i>Essay</i> %{B#00f}#"

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments, environment: environment)
  }

  /// Starts the stranger's routine in the background; returns its run's id.
  func startRoutine() throws -> String {
    let source = """
      return { name = [==[\(Self.routine)]==], steps = { { [==[\(Self.step)]==], "20m" } } }
      """
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("stranger.lua")
    try source.write(to: file, atomically: true, encoding: .utf8)
    return try start(["run", file.path])
  }

  func start(_ arguments: [String]) throws -> String {
    try CadenceProcess.startDetached(arguments, environment: environment)
  }

  /// The lines of the first code block in `language` of the status bars' page
  /// (docs/background.md), where the recipes are.
  func readmeBlock(_ language: String) throws -> [String] {
    let readme = try String(
      contentsOf: CadenceProcess.root.appendingPathComponent("docs/background.md"),
      encoding: .utf8)
    let opening = try #require(readme.range(of: "```\(language)\n"))
    let closing = try #require(readme[opening.upperBound...].range(of: "```"))
    return readme[opening.upperBound..<closing.lowerBound].split(separator: "\n").map(String.init)
  }

  @Test func tmuxShowsTheNamesAsTheyAreWithTheReadmeRecipeAndItsServerAnswersAtOnce() throws {
    let id = try startRoutine()
    defer { _ = try? cadence(["stop", "--run", id]) }
    let recipe = try readmeBlock("tmux")
    #expect(recipe.contains { $0.contains("#(cadence status --tmux ") }, "\(recipe)")
    // The recipe's lines, with `cadence` and its folders in the server's environment, room
    // for long names, and a status-left that puts a style straight after the output.
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let lines =
      [
        "set-environment -g PATH '\(CadenceProcess.binary.deletingLastPathComponent().path):\(path)'"
      ]
      + environment.map { "set-environment -g \($0.key) '\($0.value)'" } + recipe
      + [
        "set -g status-right-length 300", "set -g status-left-length 300",
        "set -g status-left '#(cadence status --tmux \"{routine}\")#[reverse]END#[noreverse] '",
      ]
    let server = Tmux()
    let viewer = Tmux()
    defer {
      viewer.stop()
      server.stop()
    }
    try server.startStatusLine(lines, in: folder, viewer: viewer)
    let screen = try viewer.wait("view") {
      $0.contains(Self.routine + "END") && $0.contains(Self.step + " 1/1")
    }
    let bar = String(screen.split(separator: "\n").last ?? "")
    #expect(bar.hasPrefix(Self.routine + "END "), "\(bar)")
    #expect(bar.hasSuffix(" " + Self.step + " 1/1"), "\(bar)")
    // The name's #[fg=red] and #[reverse] styled nothing; the option's #[reverse] after a name
    // that ends in # still did.
    let styled = try viewer.run(["capture-pane", "-p", "-e", "-t", "view"])
    #expect(!styled.contains("\u{1B}[31m"), "\(styled)")
    #expect(styled.contains(Self.routine + "\u{1B}[7mEND"), "\(styled)")
    // The server never evaluates the name's regular expression: it answers at once.
    var slowest = 0.0
    for _ in 0..<4 {
      let begun = Date()
      #expect(try server.run(["display-message", "-p", "#{session_name}"]) == "bar\n")
      slowest = max(slowest, Date().timeIntervalSince(begun))
      usleep(400_000)
    }
    #expect(slowest < 1.5, "display-message took \(slowest) s")
  }

  @Test func waybarsTextAndTooltipAreMarkupThatPangoShowsAsTheNames() throws {
    let first = try startRoutine()
    defer { _ = try? cadence(["stop", "--run", first]) }
    #expect(try cadence(["task", "add", Self.task]).status == 0)
    let second = try start(["focus", Self.task, "--length", "30m"])
    defer { _ = try? cadence(["stop", "--run", second]) }
    let output = try cadence(["status", "--waybar"])
    #expect(output.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    let text = try #require(object["text"] as? String)
    let tooltip = try #require(object["tooltip"] as? String)
    #expect(object["class"] as? String == "running")
    let shown = try PangoMarkup.parse([text, tooltip])
    let focus = "Focus: " + Self.task
    #expect(shown.first??.hasSuffix(" \(focus) +1") == true, "\(text)")
    let lines = (shown.last ?? nil)?.split(separator: "\n").map(String.init) ?? []
    #expect(lines.count == 3, "\(tooltip)")
    #expect(lines.dropFirst().first?.hasPrefix(focus + ": ") == true, "\(lines)")
    #expect(lines.last?.hasPrefix(Self.routine + ": " + Self.step + ": ") == true, "\(lines)")
    #expect(lines.last?.hasSuffix("(run \(first))") == true, "\(lines)")
  }

  @Test func pangoAndPolybarLinesShowWhatFormatShows() throws {
    let id = try startRoutine()
    defer { _ = try? cadence(["stop", "--run", id]) }
    let template = "{routine} | {segment} | <b>{state}</b> & 100%{percent}%"
    func line(_ option: String) throws -> String {
      let output = try cadence(["status", option, template])
      #expect(output.status == 0, "\(output.standardError)")
      return String(output.standardOutput.dropLast())
    }
    let plain = try line("--format")
    #expect(plain == "\(Self.routine) | \(Self.step) | <b>running</b> & 100%0%")
    #expect(try PangoMarkup.parse([try line("--pango")]) == [plain])
    let polybar = try line("--polybar")
    #expect(!polybar.contains("%{"), "\(polybar)")
    #expect(!polybar.hasSuffix("%"), "\(polybar)")
    #expect(polybar.replacingOccurrences(of: "\u{200B}", with: "") == plain)
  }

  @Test func pangoAcceptsEveryEscapedNameAndShowsItAsItIs() throws {
    let names = [
      Self.routine, Self.step, Self.task, "Push & Pull", "a < b > c", "&amp; &#0; &bogus;",
      "<span size=\"99999\">big</span>", "it's \"quoted\"", "\u{1B}]0;title\u{7}\r\n\u{202E}",
    ]
    let shown = try PangoMarkup.parse(names.map(PangoText.line) + [PangoText.block("a &\nb")])
    #expect(shown == names.map(TerminalText.line) + ["a &\nb"])
    // The parser is the real one: the same names unescaped are refused or restyle the text.
    let raw = try PangoMarkup.parse(["Push & Pull", "<span size=\"99999\">big</span>"])
    #expect(raw == [nil, "big"])
  }
}
