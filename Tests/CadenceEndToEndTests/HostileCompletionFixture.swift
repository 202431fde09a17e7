import CadenceTestSupport
import Foundation
import Testing

/// A library folder (a cloned collection of shared routines, so `add`'s checks never saw its
/// file names) and a database whose routines, tasks and goals are named as a shell would expand
/// them, each running `touch pwned-…` in the shell's folder if it ever is; with the three
/// completion scripts written out, and a shell's folder with nothing in it.
struct HostileCompletionFixture {
  /// Routine names completion offers, exactly as they are.
  static let routines = [
    "$(touch pwned-r1)", "`touch pwned-r2`", "$HOME", "~tilde", "*star", "?x", "[a]", "sp ace",
    "it's", "say \"hi\"", "back\\slash", "semi;colon",
  ]
  /// Routine names a line cannot hold, which completion leaves out (and must not turn into a
  /// `fake` candidate or a `$(touch pwned-r3)` one).
  static let unofferable = ["nl\n$(touch pwned-r3)", "nl\nfake", "tab\tfake"]
  static let tasks = ["$(touch pwned-t1)", "`touch pwned-t2` *", "it's \"${HOME}\" [a]"]
  static let doneTask = "$(touch pwned-t3) done"
  static let goals = ["$(touch pwned-g1)", "Deg ree ~ ?"]

  let root: URL
  /// The shell's working folder, where a `touch` that ran would leave its file.
  let folder: URL
  let environment: [String: String]

  init() throws {
    let manager = FileManager.default
    root = TemporaryFolder("completion").url
    folder = root.appendingPathComponent("shell")
    let library = root.appendingPathComponent("cloned")
    for place in [folder, library, root.appendingPathComponent("config")] {
      try manager.createDirectory(at: place, withIntermediateDirectories: true)
    }
    environment = [
      "CADENCE_ROUTINES": library.path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "CADENCE_DB": "",
      "PATH": CadenceProcess.binary.deletingLastPathComponent().path + ":"
        + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
    ]
    for name in Self.routines + Self.unofferable {
      try "return { steps = { { \"Work\", \"1m\" } } }\n".write(
        to: library.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
    }
    for goal in Self.goals { try cadence(["goal", "add", goal]) }
    for task in Self.tasks + [Self.doneTask] { try cadence(["task", "add", task]) }
    try cadence(["task", "done", Self.doneTask])
    for shell in ["bash", "zsh", "fish"] {
      let output = try CadenceProcess.run(["completions", shell], environment: environment)
      try output.standardOutput.write(to: script(shell), atomically: true, encoding: .utf8)
    }
  }

  private func cadence(_ arguments: [String]) throws {
    let output = try CadenceProcess.run(arguments, environment: environment, directory: folder)
    #expect(output.status == 0, "\(arguments): \(output.standardError)")
  }

  /// Where the completion script for `shell` is.
  func script(_ shell: String) -> URL { root.appendingPathComponent("cadence.\(shell)") }

  /// The files a `touch` from a name left in the shell's folder: none, if nothing ran.
  var pwned: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.hasPrefix("pwned")
    }
  }

  /// The environment as `env NAME=VALUE ...` words for a command line, each single-quoted.
  var envWords: String {
    environment.sorted { $0.key < $1.key }.map { Self.quoted("\($0.key)=\($0.value)") }
      .joined(separator: " ")
  }

  /// `text` as one single-quoted word for bash, zsh or sh.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs `arguments` in the shell's folder with the fixture's environment: status, output
  /// and error output.
  func shell(_ arguments: [String]) throws -> (status: Int32, out: String, error: String) {
    let output = try Program.run(
      "/usr/bin/env", arguments, environment: Program.inherited(environment), directory: folder)
    return (output.status, output.standardOutput, output.standardError)
  }
}
