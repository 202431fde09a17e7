import CadenceTestSupport
import Foundation

/// A folder of stand-in programs (`notify-send`, `aplay`) that record every argument they are
/// called with, exactly: each call as its argument count and arguments, NUL-separated.
struct ArgumentRecorder {
  let directory: URL

  init(tools: [String] = ["notify-send", "aplay"]) throws {
    directory = try TemporaryFolder("argv").created().url
    for tool in tools {
      let log = directory.appendingPathComponent("\(tool).log").path
      let script = "#!/bin/sh\nprintf '%s\\0' \"$#\" \"$@\" >> '\(log)'\n"
      let url = directory.appendingPathComponent(tool)
      try ExecutableScript.write(script, to: url.path)
    }
  }

  /// The calls of `tool` once there are at least `count` of them (up to 10 seconds): a tool
  /// is started and left to run, so its record may come a moment after what the test waited
  /// for (the session recorded, say).
  func calls(of tool: String, atLeast count: Int) throws -> [[String]] {
    let deadline = Date().addingTimeInterval(10)
    var calls = try self.calls(of: tool)
    while calls.count < count, Date() < deadline {
      usleep(20_000)
      calls = try self.calls(of: tool)
    }
    return calls
  }

  /// Every call of `tool` so far, each as its arguments.
  func calls(of tool: String) throws -> [[String]] {
    let url = directory.appendingPathComponent("\(tool).log")
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    var fields = try Data(contentsOf: url).split(separator: 0, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }[...]
    var calls: [[String]] = []
    while let count = fields.first.flatMap({ Int($0) }) {
      fields = fields.dropFirst()
      calls.append(Array(fields.prefix(count)))
      fields = fields.dropFirst(count)
    }
    return calls
  }
}
