import CadenceTestSupport
import Foundation

/// Runs the built `cadence` binary as a user would, capturing what it prints.
struct CadenceProcess {
  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

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
    let process = Process()
    if let tool = wrapper.first {
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = Array(wrapper.dropFirst()) + [binary.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory ?? root
    var base = ProcessInfo.processInfo.environment
    base["NO_COLOR"] = nil
    process.environment = isolated(base.merging(environment) { $1 }, given: environment)
    // Files, not pipes: a pipe that nobody reads while the other fills could stall the child.
    let scratch = try TemporaryFolder("output").created().url
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out")
    let errURL = scratch.appendingPathComponent("err")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    if let input {
      let inURL = scratch.appendingPathComponent("in")
      try Data(input.utf8).write(to: inURL)
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    let outData = try Data(contentsOf: outURL)
    let errData = try Data(contentsOf: errURL)
    return Output(
      status: process.terminationStatus,
      standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }

  /// Starts the binary with its standard input on a pipe the test writes to; output goes to
  /// files read after it ends.
  final class Running: @unchecked Sendable {
    let process = Process()
    let input = Pipe()
    let outURL: URL
    let errURL: URL

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
      let scratch = try TemporaryFolder("running").created().url
      outURL = scratch.appendingPathComponent("out")
      errURL = scratch.appendingPathComponent("err")
      try Data().write(to: outURL)
      try Data().write(to: errURL)
      process.executableURL = CadenceProcess.binary
      process.arguments = arguments
      process.currentDirectoryURL = CadenceProcess.root
      process.environment = CadenceProcess.isolated(
        ProcessInfo.processInfo.environment.merging(environment) { $1 }, given: environment)
      process.standardInput = input
      process.standardOutput = try FileHandle(forWritingTo: outURL)
      process.standardError = try FileHandle(forWritingTo: errURL)
      try process.run()
    }

    var standardOutput: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Waits until the output satisfies `condition`, up to `seconds`.
    func waitForOutput(seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if condition(standardOutput) { return true }
        usleep(20_000)
      }
      return false
    }

    func wait() -> Int32 {
      process.waitUntilExit()
      return process.terminationStatus
    }
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
      result["XDG_RUNTIME_DIR"] =
        TemporaryFolder("runtime").path
    }
    return result
  }

  /// Writes `text` to a new temporary file named `name` and returns its path.
  static func temporaryFile(_ name: String, _ text: String) throws -> String {
    let directory = try TemporaryFolder("tests").created().url
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}

extension CadenceProcess {
  /// Runs another program (a tool a test checks Cadence's output with) and captures its output.
  static func runTool(_ path: String, _ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
      standardError: String(decoding: err, as: UTF8.self))
  }
}
