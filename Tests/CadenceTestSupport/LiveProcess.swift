import Foundation

/// A program a test starts and watches while it runs: its standard input on a pipe the test
/// types into, each line of its standard output with the moment it arrived (for tests that hold
/// lines to their time), and its standard error, both read as they come on threads of their own
/// so that the program never waits for the test to read.
public final class LiveProcess: @unchecked Sendable {
  public let process = Process()
  public let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var arrived: [(at: Double, line: String)] = []
  private var outputText = ""
  private var pendingText = ""
  private var errorText = ""
  private let done = DispatchGroup()
  /// When it started, in seconds on `now()`'s clock.
  public let started: Double

  /// Starts `executable` (a path) with `arguments`, with exactly `environment`, in `directory`.
  public init(
    _ executable: URL, _ arguments: [String], environment: [String: String], directory: URL
  ) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    started = Self.now()
    try process.run()
    done.enter()
    Thread.detachNewThread { [self] in
      let handle = output.fileHandleForReading
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        let moment = Self.now()
        let text = String(decoding: data, as: UTF8.self)
        lock.withLock {
          outputText += text
          pendingText += text
          while let newline = pendingText.firstIndex(of: "\n") {
            arrived.append((moment - started, String(pendingText[..<newline])))
            pendingText = String(pendingText[pendingText.index(after: newline)...])
          }
        }
      }
      done.leave()
    }
    done.enter()
    Thread.detachNewThread { [self] in
      let handle = errors.fileHandleForReading
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        lock.withLock { errorText += String(decoding: data, as: UTF8.self) }
      }
      done.leave()
    }
  }

  /// Seconds on the monotonic clock.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The whole lines so far, each with the seconds after the start at which it arrived.
  public var lines: [(at: Double, line: String)] { lock.withLock { arrived } }

  /// Its standard output so far.
  public var standardOutput: String { lock.withLock { outputText } }

  /// Its standard error so far.
  public var standardError: String { lock.withLock { errorText } }

  /// Writes `text` to its standard input.
  public func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

  /// Waits until a whole line satisfies `condition`, up to `seconds`; whether one did.
  public func waitForLine(seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
    waitUntil(seconds: seconds) { lines.contains { condition($0.line) } }
  }

  /// Waits until its standard output so far satisfies `condition`, up to `seconds`.
  public func waitForOutput(seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
    waitUntil(seconds: seconds) { condition(standardOutput) }
  }

  private func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Self.now() + seconds
    while Self.now() < deadline {
      if condition() { return true }
      usleep(5000)
    }
    return condition()
  }

  /// The pids of its children (a Lua worker, say), from /proc.
  public func children() -> [Int32] {
    let tasks = "/proc/\(process.processIdentifier)/task"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return names.flatMap { task -> [Int32] in
      let text = (try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? ""
      return text.split(separator: " ").compactMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
  }

  /// Waits for it to end and for its output to be read (up to 10 seconds more, for output held
  /// open by a program it left running); its status.
  public func wait() -> Int32 {
    process.waitUntilExit()
    _ = done.wait(timeout: .now() + 10)
    return process.terminationStatus
  }
}
