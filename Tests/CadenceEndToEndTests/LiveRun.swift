import Foundation

/// A run of the binary whose standard output is read as it comes: each line with the moment
/// it arrived, for tests that hold every line to its time.
final class LiveRun: @unchecked Sendable {
  let process = Process()
  let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var arrived: [(at: Double, line: String)] = []
  private var pendingText = ""
  private var errorText = ""
  private let done = DispatchGroup()
  let started: Double

  init(_ arguments: [String], environment: [String: String]) throws {
    process.executableURL = CadenceProcess.binary
    process.arguments = arguments
    process.currentDirectoryURL = CadenceProcess.root
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
        lock.withLock {
          pendingText += String(decoding: data, as: UTF8.self)
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
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      lock.withLock { errorText = String(decoding: data, as: UTF8.self) }
      done.leave()
    }
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The lines so far, each with the seconds after the start at which it arrived.
  var lines: [(at: Double, line: String)] { lock.withLock { arrived } }

  var standardError: String { lock.withLock { errorText } }

  func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

  /// Waits until a line satisfies `condition`, up to `seconds`.
  func waitForLine(seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
    let deadline = Self.now() + seconds
    while Self.now() < deadline {
      if lines.contains(where: { condition($0.line) }) { return true }
      usleep(5000)
    }
    return false
  }

  /// The pids of the process's children (its Lua worker), from /proc.
  func children() -> [Int32] {
    let tasks = "/proc/\(process.processIdentifier)/task"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return names.flatMap { task -> [Int32] in
      let text = (try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? ""
      return text.split(separator: " ").compactMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
  }

  /// Waits for the process to end and for its output to be read; its status.
  func wait() -> Int32 {
    process.waitUntilExit()
    done.wait()
    return process.terminationStatus
  }
}
