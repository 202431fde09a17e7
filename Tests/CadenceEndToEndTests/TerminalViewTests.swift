import Foundation
import Testing

/// The full-screen view under a real pseudo-terminal (tmux): what it draws, its keys, and the
/// terminal put back afterwards.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TerminalViewTests {
  let socket = "cadence-test-\(UUID().uuidString.prefix(8))"

  /// Runs a tmux command on the test's own server, through posix_spawn and waitpid: the
  /// server that `new-session` starts outlives the client, and output goes through a file so
  /// that no pipe is held open by it.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
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
    let status = CleanSpawn.withAttributes { attributes in
      posix_spawnp(&pid, "tmux", &actions, &attributes, &argv, environ)
    }
    guard status == 0 else {
      Issue.record("tmux could not start: \(status)")
      return ""
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "view"]) }

  func waitForScreen(seconds: Double = 20, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      usleep(50_000)
    }
    Issue.record("the screen never matched; last:\n\(last)")
    return last
  }

  @Test func theViewDrawsCountsAndObeysKeys() throws {
    let path = try CadenceProcess.temporaryFile(
      "view.lua",
      """
      return {
        name = "View test",
        steps = {
          { "Warm-up", "2s" },
          { rounds = 2, steps = { { "Set", "1h" }, { "Rest", "2s", kind = "pause" } } },
        },
        on_pause = function(ctx) return "Breathe. Next: " .. ctx.next.name end,
      }
      """)
    let command =
      "\(CadenceProcess.binary.path) run \(path) --mute --no-notify; echo EXIT=$?; sleep 60"
    try tmux(["new-session", "-d", "-s", "view", "-x", "100", "-y", "32", command])
    defer { _ = try? tmux(["kill-server"]) }

    // The first frame is written line by line: wait for its last line, not just its first.
    var text = try waitForScreen { $0.contains("WARM-UP") && $0.contains("space pause") }
    #expect(text.contains("Cadence · View test"))
    #expect(text.contains("█████"))
    #expect(text.contains("space pause · n skip · + / - one minute"))
    #expect(text.contains("Next: Set · 1h"))

    text = try waitForScreen { $0.contains("SET · round 1 of 2") }
    #expect(text.contains("Set: go!") || text.contains("»"))
    try tmux(["send-keys", "-t", "view", " "])
    text = try waitForScreen { $0.contains("PAUSED") }
    #expect(text.contains("space resume"))
    #expect(!text.contains("space pause"))
    try tmux(["send-keys", "-t", "view", " "])
    text = try waitForScreen { !$0.contains("PAUSED") && $0.contains("space pause") }
    try tmux(["send-keys", "-t", "view", "n"])
    // The hook's message comes from the presenter's queue a moment after the segment; the
    // view keeps the last few messages, each with its time.
    text = try waitForScreen {
      $0.contains("REST · round 1 of 2") && $0.contains("  Breathe. Next: Set")
    }
    try tmux(["send-keys", "-t", "view", "a"])
    text = try waitForScreen { $0.contains("◉") }
    try tmux(["send-keys", "-t", "view", "q"])
    text = try waitForScreen { $0.contains("EXIT=0") }
    #expect(text.contains("View test: stopped after"))
    #expect(!text.contains("space pause"))
  }

  @Test func theTerminalIsRestoredAfterSIGTERM() throws {
    let path = try CadenceProcess.temporaryFile(
      "long.lua", "return { steps = { { 'Long', '1h' } } }\n")
    let command =
      "\(CadenceProcess.binary.path) run \(path) --mute --no-notify; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo DONE; sleep 60"
    try tmux(["new-session", "-d", "-s", "view", "-x", "90", "-y", "30", command])
    defer { _ = try? tmux(["kill-server"]) }
    _ = try waitForScreen { $0.contains("LONG") }
    let pid = try tmux(["list-panes", "-t", "view", "-F", "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
    child.arguments = ["-TERM", "-P", pid, "cadence"]
    try child.run()
    child.waitUntilExit()
    let text = try waitForScreen { $0.contains("DONE") }
    #expect(text.contains("EXIT=143"))
    #expect(text.contains("icanon echo"))
    #expect(text.contains("stopped after"))
  }

  @Test func aHostileRoutineDrivesNothingInTheView() throws {
    let path = try CadenceProcess.temporaryFile(
      "hostile-view.lua", HostileTextTests.source(work: "1500ms", pause: "1s"))
    let typescript = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-typescript-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: typescript) }
    // script(1) gives the run a terminal of its own and keeps every byte it writes.
    let command =
      "script -qfec '\(CadenceProcess.binary.path) run \(path) --mute --no-notify' \(typescript); echo EXIT=$?; sleep 60"
    try tmux(["new-session", "-d", "-s", "view", "-x", "200", "-y", "30", command])
    defer { _ = try? tmux(["kill-server"]) }
    let text = try waitForScreen { $0.contains("EXIT=") }
    #expect(text.contains("EXIT=0"))
    let raw = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: typescript)), as: UTF8.self)
    #expect(raw.contains("Cadence · --app-name=x\\u{1B}]52;c;SGVsbG8=\\u{7}"))
    #expect(raw.contains("--STEP\\u{1B}]52;C;SGVSBG8=\\u{7}"))
    // Messages are kept with their times: "» 12:00:01  --msg …".
    #expect(raw.contains("  --msg ]52;c;SGVsbG8="))
    #expect(raw.contains("on_pause failed: --oops\\u{1B}]52;c;"))
    // The view's own sequences are CSI only: no OSC, no bell, no C1, no bidirectional control.
    #expect(!raw.contains("\u{1B}]"))
    HostileTextTests.expectInert(
      raw.replacingOccurrences(of: "\u{1B}[", with: "").replacingOccurrences(
        of: "\r\n", with: "\n"),
      "the view")
    let title = try tmux(["display-message", "-p", "-t", "view", "#{pane_title}"])
    #expect(!title.contains("pwned"))
  }
}
