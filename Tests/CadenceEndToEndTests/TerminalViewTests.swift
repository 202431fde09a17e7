import CadenceTestSupport
import Foundation
import Testing

/// The full-screen view under a real pseudo-terminal (tmux): what it draws, its keys, and the
/// terminal put back afterwards.
@Suite(.serialized, .timeLimit(.minutes(10))) struct TerminalViewTests {
  let tmux = Tmux()

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
    try tmux.start("view", command, columns: 100, rows: 32)
    defer { tmux.stop() }

    // The first frame is written line by line: wait for its last line, not just its first.
    var text = try tmux.wait("view") { $0.contains("WARM-UP") && $0.contains("space pause") }
    #expect(text.contains("Cadence · View test"))
    #expect(text.contains("█████"))
    #expect(text.contains("space pause · n skip · + / - one minute"))
    #expect(text.contains("Next: Set · 1h"))

    // The segment's message is drawn a moment after the segment itself: wait for both.
    text = try tmux.wait("view") {
      $0.contains("SET · round 1 of 2") && ($0.contains("Set: go!") || $0.contains("»"))
    }
    try tmux.keys("view", [" "])
    // The frame is drawn from the top: the state line comes before the key line.
    text = try tmux.wait("view") { $0.contains("PAUSED") && $0.contains("space resume") }
    #expect(!text.contains("space pause"))
    try tmux.keys("view", [" "])
    text = try tmux.wait("view") { !$0.contains("PAUSED") && $0.contains("space pause") }
    try tmux.keys("view", ["n"])
    // The hook's message comes from the presenter's queue a moment after the segment; the
    // view keeps the last few messages, each with its time.
    text = try tmux.wait("view") {
      $0.contains("REST · round 1 of 2") && $0.contains("  Breathe. Next: Set")
    }
    try tmux.keys("view", ["a"])
    text = try tmux.wait("view") { $0.contains("◉") }
    try tmux.keys("view", ["q"])
    text = try tmux.wait("view") { $0.contains("EXIT=0") }
    #expect(text.contains("View test: stopped after"))
    #expect(!text.contains("space pause"))
  }

  @Test func theTerminalIsRestoredAfterSIGTERM() throws {
    let path = try CadenceProcess.temporaryFile(
      "long.lua", "return { steps = { { 'Long', '1h' } } }\n")
    let command =
      "\(CadenceProcess.binary.path) run \(path) --mute --no-notify; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo DONE; sleep 60"
    try tmux.start("view", command, columns: 90, rows: 30)
    defer { tmux.stop() }
    _ = try tmux.wait("view") { $0.contains("LONG") }
    let pid = try tmux.run(["list-panes", "-t", "view", "-F", "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    _ = try Program.run("/usr/bin/pkill", ["-TERM", "-P", pid, "cadence"])
    let text = try tmux.wait("view") { $0.contains("DONE") }
    #expect(text.contains("EXIT=143"))
    #expect(text.contains("icanon echo"))
    #expect(text.contains("stopped after"))
  }

  @Test func aHostileRoutineDrivesNothingInTheView() throws {
    let path = try CadenceProcess.temporaryFile(
      "hostile-view.lua", HostileTextTests.source(work: "1500ms", pause: "1s"))
    let typescript = TemporaryFolder.newPath("typescript")
    defer { try? FileManager.default.removeItem(atPath: typescript) }
    // script(1) gives the run a terminal of its own and keeps every byte it writes.
    let command =
      "script -qfec '\(CadenceProcess.binary.path) run \(path) --mute --no-notify' \(typescript); echo EXIT=$?; sleep 60"
    try tmux.start("view", command, columns: 200, rows: 30)
    defer { tmux.stop() }
    let text = try tmux.wait("view") { $0.contains("EXIT=") }
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
    let title = try tmux.run(["display-message", "-p", "-t", "view", "#{pane_title}"])
    #expect(!title.contains("pwned"))
  }
}
