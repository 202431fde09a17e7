import Foundation

/// Running another program to its end and keeping what it wrote: the one way the tests do it.
///
/// Its output goes to files, not pipes: a pipe that nobody reads while the other fills could
/// stall the child, and a program it leaves running (a server, a background run) would hold the
/// pipe open and keep the test waiting for an end of file.
public enum Program {
  /// What a program that ran to its end did.
  public struct Output: Sendable {
    /// Its exit status; when a signal ended it, the signal's number (as `Process` says).
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(status: Int32, standardOutput: String, standardError: String) {
      self.status = status
      self.standardOutput = standardOutput
      self.standardError = standardError
    }
  }

  /// Runs `executable` (a path) with `arguments` until it ends: with `environment` (nil: this
  /// process's), in `directory` (nil: this process's), `input` on its standard input (nil:
  /// nothing, /dev/null). Past `seconds` it is killed (SIGKILL), so that a program that loops
  /// fails its test rather than hanging it.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
    directory: URL? = nil, input: String? = nil, seconds: Double? = nil
  ) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let scratch = try TemporaryFolder("output").created()
    defer { scratch.remove() }
    try scratch.write("out", "")
    try scratch.write("err", "")
    let out = try FileHandle(forWritingTo: scratch.url("out"))
    let err = try FileHandle(forWritingTo: scratch.url("err"))
    process.standardOutput = out
    process.standardError = err
    if let input {
      try scratch.write("in", input)
      process.standardInput = try FileHandle(forReadingFrom: scratch.url("in"))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    if let seconds, ended.wait(timeout: .now() + seconds) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Output(
      status: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: scratch.url("out")), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: scratch.url("err")), as: UTF8.self))
  }

  /// This process's environment with `changes` over it.
  public static func inherited(_ changes: [String: String] = [:]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(changes) { $1 }
  }

  /// Whether process `pid` is gone (or a zombie left for init to reap), within two seconds.
  public static func isGone(_ pid: Int32) -> Bool {
    for _ in 0..<40 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return true
      }
      if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" {
        return true
      }
      usleep(50_000)
    }
    return false
  }

  /// The path of the program `name` on this process's PATH (then /usr/bin and /bin), or nil.
  public static func locate(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in (path + ":/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
