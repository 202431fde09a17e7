import CadenceTestSupport
import Foundation
import Testing

/// Runs the built `cadence` binary as a user would, capturing what it prints: to its end
/// (`run`), watched while it runs (`start`), or measured (`measure`).
enum CadenceProcess {
  typealias Output = Program.Output

  /// The package's root, found from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The binary beside the test bundle: both are built into the same products directory.
  static let binary: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if directory.lastPathComponent == "MacOS" || directory.pathExtension == "xctest" {
      directory = directory.deletingLastPathComponent()
    }
    let candidate = directory.appendingPathComponent("cadence")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    return root.appendingPathComponent(".build/debug/cadence")
  }()

  /// Runs the binary with `arguments`, and `input` (else nothing) on its standard input; with
  /// a `wrapper` (such as `prlimit --fsize=…`), runs the wrapper with the binary and its
  /// arguments after it.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    wrapper: [String] = [], input: String? = nil
  ) throws -> Output {
    var base = ProcessInfo.processInfo.environment
    base["NO_COLOR"] = nil
    let words = wrapper + [binary.path] + arguments
    return try Program.run(
      words[0], Array(words.dropFirst()),
      environment: isolated(base.merging(environment) { $1 }, given: environment),
      directory: directory ?? root, input: input)
  }

  /// Starts the binary with `arguments`, its standard input on a pipe the test writes to and
  /// its output read as it comes.
  static func start(_ arguments: [String], environment: [String: String] = [:]) throws
    -> LiveProcess
  {
    try LiveProcess(
      binary, arguments, environment: isolated(Program.inherited(environment), given: environment),
      directory: root)
  }

  /// Starts `arguments` in the background (`--detach`, muted, without notifications), expects
  /// it to start, and gives the id of its run (the end of the first line it prints).
  static func startDetached(_ arguments: [String], environment: [String: String]) throws
    -> String
  {
    let output = try run(
      arguments + ["--detach", "--mute", "--no-notify"], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    let line = output.standardOutput.split(separator: "\n").first ?? ""
    return String(line.split(separator: " ").last ?? "").trimmingCharacters(
      in: CharacterSet(charactersIn: ".)"))
  }

  /// Runs the binary with `arguments` to its end, measuring its time and peak memory.
  static func measure(_ arguments: [String]) throws -> MeasuredProcess {
    try MeasuredProcess.run(binary.path, arguments)
  }

  /// The environment with a runtime folder (for run sockets) of the test's own: one per
  /// database when the test names one, so that the processes of one test see each other's
  /// runs and no other test's; otherwise a new one.
  static func isolated(_ environment: [String: String], given: [String: String]) -> [String:
    String]
  {
    guard given["XDG_RUNTIME_DIR"] == nil else { return environment }
    var result = environment
    if let database = given["CADENCE_DB"], !database.isEmpty {
      // Not beside the database: a test may make that folder read-only.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in database.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
      result["XDG_RUNTIME_DIR"] =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("cadence-runtime-\(String(hash, radix: 16))").path
    } else {
      result["XDG_RUNTIME_DIR"] = TemporaryFolder("runtime").path
    }
    return result
  }

  /// Writes `text` to a new temporary file named `name` and returns its path.
  static func temporaryFile(_ name: String, _ text: String) throws -> String {
    try TemporaryFolder.file(name, text)
  }

  /// Runs another program (a tool a test checks Cadence's output with) and captures its output.
  static func runTool(_ path: String, _ arguments: [String]) throws -> Output {
    try Program.run(path, arguments)
  }
}
