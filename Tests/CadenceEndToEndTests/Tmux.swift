import CadenceTestSupport
import Foundation
import Testing

/// A tmux server of a test's own: a real pseudo-terminal to run the binary in, type into and
/// read the screen of.
struct Tmux {
  let socket = "cadence-pty-\(UUID().uuidString.prefix(8))"

  /// Runs a tmux command in a clean signal state, its output through a file (the server
  /// `new-session` starts outlives the client and must hold no pipe of ours).
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    do {
      return try CleanSpawn.run(
        ["tmux", "-L", socket] + arguments, seconds: .infinity, error: "/dev/null"
      ).output
    } catch {
      Issue.record("\(error)")
      return ""
    }
  }

  /// Starts `command` in a new session called `name`, 80×24 unless told.
  func start(_ name: String, _ command: String, columns: Int = 80, rows: Int = 24) throws {
    try run(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", command])
  }

  func screen(_ name: String) throws -> String { try run(["capture-pane", "-p", "-t", name]) }

  func keys(_ name: String, _ keys: [String]) throws { try run(["send-keys", "-t", name] + keys) }

  /// Waits until the screen satisfies `condition`, up to `seconds`; records an issue if not.
  @discardableResult
  func wait(_ name: String, seconds: Double = 20, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try screen(name)
      if condition(last) { return last }
      usleep(30_000)
    }
    Issue.record("the screen never matched; last:\n\(last)")
    return last
  }

  func stop() { _ = try? run(["kill-server"]) }

  /// Starts this server with `configuration` (its lines, written to tmux.conf in `folder`) and
  /// a session `bar` 300 columns wide, and in `viewer` a client attached to it in a session
  /// `view`, whose last line is then `bar`'s status line as tmux draws it.
  func startStatusLine(_ configuration: [String], in folder: URL, viewer: Tmux) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("tmux.conf")
    try configuration.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    try run(["-f", file.path, "new-session", "-d", "-s", "bar", "-x", "300"])
    try viewer.start("view", "TMUX= tmux -L \(socket) attach -t bar", columns: 300, rows: 6)
  }
}
