import Foundation
import Testing

/// A tmux server of the test's own, driven through posix_spawn and waitpid: the server that
/// `new-session` starts outlives the client, and output goes through a file so that no pipe
/// is held open by it.
struct TmuxServer {
  let socket = "cadence-test-\(UUID().uuidString.prefix(8))"

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-tmux-\(UUID().uuidString)").path
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
    let status = posix_spawnp(&pid, "tmux", &actions, nil, &argv, environ)
    guard status == 0 else {
      Issue.record("tmux could not start: \(status)")
      return ""
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  func start(_ session: String, command: String, columns: Int, rows: Int) throws {
    try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command])
  }

  func screen(_ session: String) throws -> String {
    try run(["capture-pane", "-p", "-t", session])
  }

  func waitForScreen(_ session: String, seconds: Double = 20, _ condition: (String) -> Bool)
    throws -> String
  {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try screen(session)
      if condition(last) { return last }
      usleep(50_000)
    }
    Issue.record("the screen never matched; last:\n\(last)")
    return last
  }

  func kill() { _ = try? run(["kill-server"]) }
}
