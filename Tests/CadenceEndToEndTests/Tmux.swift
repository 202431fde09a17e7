import CadenceTestSupport
import Foundation
import Testing

/// A tmux server of a test's own: a real pseudo-terminal to run the binary in, type into and
/// read the screen of.
struct Tmux {
  let socket = "cadence-pty-\(UUID().uuidString.prefix(8))"

  /// Runs a tmux command through posix_spawn and waitpid, its output through a file (the
  /// server `new-session` starts outlives the client and must hold no pipe of ours).
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let output = TemporaryFolder.newPath("tmux")
    defer { try? FileManager.default.removeItem(atPath: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let words = ["tmux", "-L", socket] + arguments
    var argv = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = CleanSpawn.withAttributes { attributes in
      posix_spawnp(&pid, "tmux", &actions, &attributes, &argv, environ)
    }
    guard spawned == 0 else {
      Issue.record("tmux could not start: \(spawned)")
      return ""
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
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
}
