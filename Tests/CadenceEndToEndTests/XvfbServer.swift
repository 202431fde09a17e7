import Foundation
import Testing

/// A real X server of a test's own (Xvfb, no screen but memory), with `-noreset` so that it
/// keeps its idle time when its last client leaves (a desktop always has one); activity is
/// simulated with xdotool and idleness read back with xprintidle, as a person's would be.
final class XvfbServer: @unchecked Sendable {
  let process = Process()
  /// `:N`, the DISPLAY for its clients.
  let display: String

  init() throws {
    let xvfb = try #require(
      Self.locate("Xvfb"), "Xvfb is not installed (scripts/setup installs xvfb)")
    let numbers = Pipe()
    process.executableURL = URL(fileURLWithPath: xvfb)
    // -displayfd: Xvfb picks a free display and writes its number when it is ready.
    process.arguments = [
      "-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "320x240x24",
    ]
    process.standardOutput = numbers
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var text = ""
    let handle = numbers.fileHandleForReading
    while !text.contains("\n") {
      let data = handle.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let number = try #require(
      Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), "Xvfb did not start: \(text)")
    display = ":\(number)"
  }

  /// Runs an X client (xdotool, xprintidle) on this display; its output.
  @discardableResult
  func client(_ name: String, _ arguments: [String] = []) throws -> String {
    let tool = try #require(
      Self.locate(name), "\(name) is not installed (scripts/setup installs it)")
    let client = Process()
    client.executableURL = URL(fileURLWithPath: tool)
    client.arguments = arguments
    client.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    client.standardOutput = output
    client.standardError = FileHandle.nullDevice
    try client.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    client.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Moves the pointer: activity, as a person at the desk makes.
  func moveMouse(_ x: Int, _ y: Int) throws {
    try client("xdotool", ["mousemove", String(x), String(y)])
  }

  /// Ends the server: SIGKILL, which no signal mask inherited from the test runner's threads
  /// (they block SIGTERM) can hold off.
  func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  static func locate(_ name: String) -> String? {
    for folder in ["/usr/bin", "/usr/local/bin", "/bin"] {
      let path = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}
