import CadenceTestSupport
import Foundation
import Testing

/// A real X server of a test's own (Xvfb, no screen but memory), on a display it picks itself,
/// with `-noreset` so that it keeps its idle time when its last client leaves (a desktop always
/// has one); activity is simulated with xdotool and idleness read back with xprintidle, as a
/// person's would be. `NotificationDesktop` runs its dunst on one.
final class XvfbServer: @unchecked Sendable {
  let pid: pid_t
  /// `:N`, the DISPLAY for its clients.
  let display: String
  private let folder: TemporaryFolder

  /// Why the server could not start.
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts a server with a screen of `screen` (width×height×depth); throws when Xvfb is not
  /// installed or does not say its display within 20 seconds.
  init(screen: String = "320x240x24") throws {
    guard let xvfb = Program.locate("Xvfb") else {
      throw Unavailable(description: "Xvfb is not installed (scripts/setup installs xvfb)")
    }
    folder = try TemporaryFolder("xvfb").created()
    // -displayfd: Xvfb picks a free display and writes its number when it is ready.
    let numberFile = folder.path("display")
    pid = try CleanSpawn.start(
      [xvfb, "-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", screen],
      output: numberFile, error: "/dev/null")
    let deadline = Date().addingTimeInterval(20)
    var text = ""
    while Date() < deadline {
      text = (try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? ""
      if text.hasSuffix("\n") { break }
      usleep(10_000)
    }
    guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      CleanSpawn.end(pid)
      folder.remove()
      throw Unavailable(description: "Xvfb did not say its display within 20 seconds: \(text)")
    }
    display = ":\(number)"
  }

  /// Runs an X client (xdotool, xprintidle) on this display; its output.
  @discardableResult
  func client(_ name: String, _ arguments: [String] = []) throws -> String {
    let tool = try #require(
      Program.locate(name), "\(name) is not installed (scripts/setup installs it)")
    return try Program.run(
      tool, arguments, environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
    ).standardOutput
  }

  /// Moves the pointer: activity, as a person at the desk makes.
  func moveMouse(_ x: Int, _ y: Int) throws {
    try client("xdotool", ["mousemove", String(x), String(y)])
  }

  /// Ends the server (SIGTERM, SIGKILL after two seconds) and removes its folder.
  func stop() {
    CleanSpawn.end(pid)
    folder.remove()
  }
}
