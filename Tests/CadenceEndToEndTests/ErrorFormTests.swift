import CadenceTestSupport
import Foundation
import Testing

/// Every error that is not a bad command line, across the commands, has one form: one line on
/// standard error that starts with where (a path, or a sentence naming the task, goal or run),
/// no `Error:` (that marks a bad command line, see `UsageLineTests`), nothing on standard
/// output, and the sysexits status of its kind.
@Suite struct ErrorFormTests {
  let home = TemporaryFolder("errors").url

  /// A home of the test's own: a database, a configuration and a runtime folder in it.
  var environment: [String: String] {
    [
      "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_RUNTIME_DIR": home.appendingPathComponent("runtime").path,
      "CADENCE_DB": home.appendingPathComponent("cadence.db").path,
    ]
  }

  @Test(arguments: [
    (["config", "set", "sound", "/nope.wav"], 66, "/nope.wav: no such sound file"),
    (["timer", "1s", "--plain", "--sound", "/nope.wav"], 66, "/nope.wav: no such sound file"),
    (["history", "import", "/nope.json"], 66, "/nope.json: no such file"),
    (["check", "/nope.lua"], 66, "/nope.lua: no such file"),
    (["show", "/nope.lua"], 66, "/nope.lua: cannot be read"),
    (["plan", "gym", "--svg", "/nonexistent/folder/out.svg"], 73, "/nonexistent/folder/out.svg: "),
    (["goal", "remove", "Nope"], 65, "There is no goal called \"Nope\""),
    (["shop", "buy", "dragon"], 65, "The dragon pet costs 250 coins"),
    (["stop", "--run", "nosuch"], 69, "No run has the id \"nosuch\""),
    (["focus", "--break", "--plain"], 69, "No break is on offer"),
  ])
  func anErrorIsOneLineThatSaysWhere(_ arguments: [String], _ status: Int, _ start: String)
    throws
  {
    defer { try? FileManager.default.removeItem(at: home) }
    let output = try CadenceProcess.run(arguments, environment: environment)
    #expect(output.status == Int32(status), "\(arguments): \(output.standardError)")
    #expect(output.standardError.hasPrefix(start), "\(arguments): \(output.standardError)")
    #expect(output.standardError.split(separator: "\n").count == 1, "\(output.standardError)")
    #expect(output.standardOutput.isEmpty, "\(arguments): \(output.standardOutput)")
  }

  /// A folder for run sockets that cannot be made is an output that cannot be made (73), with
  /// what to do; it was 70, as if Cadence had failed.
  @Test func aRunSocketFolderThatCannotBeMadeIs73() throws {
    let blocker = try CadenceProcess.temporaryFile("runtime", "not a folder\n")
    var environment = environment
    environment["XDG_RUNTIME_DIR"] = blocker
    defer { try? FileManager.default.removeItem(at: home) }
    for command in [["run", "20m"], ["focus", "--length", "20m"]] {
      let output = try CadenceProcess.run(
        command + ["--detach", "--mute", "--no-notify"], environment: environment)
      #expect(output.status == 73, "\(command): \(output.standardError)")
      #expect(
        output.standardError.hasPrefix("\(blocker)/cadence: cannot make the folder for run sockets")
      )
      #expect(
        output.standardError.hasSuffix("; set XDG_RUNTIME_DIR to a folder you may write to\n"))
      #expect(output.standardOutput.isEmpty)
    }
  }
}
