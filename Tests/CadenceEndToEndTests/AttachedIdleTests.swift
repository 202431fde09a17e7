import CadenceStore
import Foundation
import Testing

/// `cadence attach` to a focus in the background asks, as the focus's own view does, what
/// becomes of the time its person was away once they are back (issue 19): the question is
/// relayed over the control socket, and the key pressed in the attached view reaches the run,
/// which applies it and says so. The idle source is a script standing in for xprintidle: it
/// prints the milliseconds since the time in a file, or 0 without the file (the person at the
/// keyboard). The idle threshold is 1.5 s through the debug build's CADENCE_TEST_IDLE_MS.
/// Under tmux, a real pseudo-terminal.
@Suite(.serialized, .timeLimit(.minutes(10))) struct AttachedIdleTests {
  let fixture: KilledRunFixture
  let tmux = Tmux()
  /// Holds when the person went away; absent while they are at the keyboard.
  let awaySince: URL

  init() throws {
    var fixture = KilledRunFixture()
    fixture.extra = ["DISPLAY": "", "XDG_SESSION_ID": "", "CADENCE_TEST_IDLE_MS": "1500"]
    self.fixture = fixture
    awaySince = fixture.folder.appendingPathComponent("away-since")
    try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
    let script = fixture.folder.appendingPathComponent("idle.sh")
    try """
    if [ -f '\(awaySince.path)' ]; then
      echo $(( $(date +%s%3N) - $(cat '\(awaySince.path)') ))
    else
      echo 0
    fi

    """.write(to: script, atomically: true, encoding: .utf8)
    try fixture.succeed(["config", "set", "idle", "5m"])
    try fixture.succeed(["config", "set", "idle.command", "sh \(script.path)"])
  }

  /// A shell command running cadence with the fixture's database and runtime folder.
  func command(_ arguments: String) -> String {
    let variables = fixture.environment.map { "\($0.key)='\($0.value)'" }.sorted()
      .joined(separator: " ")
    return "env \(variables) \(CadenceProcess.binary.path) \(arguments); echo EXIT=$?; sleep 60"
  }

  /// The person leaves the keyboard now.
  func leave() throws {
    let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
    try String(now).write(to: awaySince, atomically: true, encoding: .utf8)
  }

  /// The person is back at the keyboard.
  func comeBack() throws { try FileManager.default.removeItem(at: awaySince) }

  /// Starts a one-minute focus in the background: its process id.
  func startFocus() throws -> Int {
    try fixture.succeed(["focus", "--length", "1m", "--detach", "--mute", "--no-notify"])
    return try #require(try fixture.status()?["pid"] as? Int)
  }

  /// Attaches to the focus in tmux and sees that no question is open.
  func attachSeeingNoQuestion() throws {
    try tmux.start("attached", command("attach"), columns: 100, rows: 40)
    let text = try tmux.wait("attached") { $0.contains("space pause · q stop · d detach") }
    #expect(!text.contains("k keep idle time"))
    #expect(!text.contains("k keeps it as focus"))
  }

  /// Stops the focus from the attached view: the session recorded, and how long it ran (ms).
  func stopAttached() throws -> (SessionRecord, Int64) {
    try tmux.keys("attached", ["q"])
    _ = try tmux.wait("attached") { $0.contains("EXIT=0") }
    let session = try #require(fixture.sessions(waitingFor: 1).first)
    return (session, Int64(session.endedAt.timeIntervalSince(session.startedAt) * 1000))
  }

  /// The setting says one thing and the key in the attached view another: the key wins, so
  /// the answer is what reached the run.
  @Test(arguments: [("discard", "k"), ("keep", "d")])
  func anAttachedFocusAsksOnReturnAndTheKeyReachesTheRun(setting: String, key: String) throws {
    defer { tmux.stop() }
    try fixture.succeed(["config", "set", "idle.return", setting])
    let pid = try startFocus()
    defer { kill(Int32(pid), SIGKILL) }
    try tmux.start("attached", command("attach"), columns: 100, rows: 40)
    _ = try tmux.wait("attached") { $0.contains("space pause · q stop · d detach") }
    try leave()
    _ = try tmux.wait("attached", seconds: 10) {
      $0.contains("FOCUS · PAUSED") && $0.contains("Paused: idle for ")
    }
    usleep(800_000)
    try comeBack()
    // Counting again, and asking in the attached view as the focus's own view asks.
    var text = try tmux.wait("attached", seconds: 10) {
      $0.contains("k keep idle time · d discard it") && !$0.contains("PAUSED")
    }
    #expect(text.contains("idle: k keeps it as focus, d discards it."))
    // While it asks, d answers; D is what detaches.
    #expect(text.contains("space pause · q stop · D detach"))
    try tmux.keys("attached", [key])
    text = try tmux.wait("attached") {
      $0.contains(key == "k" ? "of idle time as focus." : "of idle time.")
    }
    #expect(!text.contains("k keep idle time"))
    #expect(text.contains("d detach"))
    // Still attached: the d that answered did not detach.
    #expect(!text.contains("EXIT="))
    let (session, ran) = try stopAttached()
    #expect(session.pauses == 1)
    if key == "k" {
      // The idle time was kept, though the setting says discard: all of the run counted.
      #expect(session.activeMilliseconds >= ran - 300, "\(session.activeMilliseconds) of \(ran)")
    } else {
      // Discarded, though the setting says keep: the time away (over 2 s) did not count.
      #expect(
        session.activeMilliseconds <= ran - 2000, "\(session.activeMilliseconds) of \(ran)")
    }
  }

  /// With nobody attached when the person is back, the background focus applies the setting,
  /// as before; a view attached afterwards is not asked.
  @Test func withNoViewAttachedTheSettingIsApplied() throws {
    defer { tmux.stop() }
    try fixture.succeed(["config", "set", "idle.return", "keep"])
    let pid = try startFocus()
    defer { kill(Int32(pid), SIGKILL) }
    try leave()
    #expect(try fixture.status { $0["state"] as? String == "paused" } != nil)
    usleep(800_000)
    try comeBack()
    #expect(try fixture.status { $0["state"] as? String == "running" } != nil)
    try attachSeeingNoQuestion()
    let (session, ran) = try stopAttached()
    #expect(session.activeMilliseconds >= ran - 300, "\(session.activeMilliseconds) of \(ran)")
  }

  /// A status bar's follower (`status --follow`) reads the run's stream but cannot answer:
  /// with only it attached, the background focus applies the setting on the person's return
  /// rather than ask nobody (and leave the time away unresolved).
  @Test func aFocusFollowedOnlyByAStatusBarAppliesTheSetting() throws {
    defer { tmux.stop() }
    try fixture.succeed(["config", "set", "idle.return", "keep"])
    let pid = try startFocus()
    defer { kill(Int32(pid), SIGKILL) }
    let follower = try CadenceProcess.start(
      ["status", "--format", "{state}", "--follow"], environment: fixture.environment)
    defer { follower.process.terminate() }
    #expect(follower.waitForLine(seconds: 10) { $0 == "running" })
    try leave()
    #expect(follower.waitForLine(seconds: 10) { $0 == "paused" })
    usleep(800_000)
    try comeBack()
    let resumed = follower.lines.count
    #expect(
      follower.waitForLine(seconds: 10) { _ in
        follower.lines.dropFirst(resumed).contains { $0.line == "running" }
      })
    // No question is left open for a view that attaches now.
    try attachSeeingNoQuestion()
    let (session, ran) = try stopAttached()
    #expect(session.pauses == 1)
    // Kept, as the setting says: all of the run counted.
    #expect(session.activeMilliseconds >= ran - 300, "\(session.activeMilliseconds) of \(ran)")
  }

  /// The only view asked leaves (D) with the question open: nobody is left to answer, so the
  /// setting is applied then, rather than the question staying open for nobody.
  @Test func theLastViewAskedLeavingLeavesItToTheSetting() throws {
    defer { tmux.stop() }
    try fixture.succeed(["config", "set", "idle.return", "keep"])
    let pid = try startFocus()
    defer { kill(Int32(pid), SIGKILL) }
    try tmux.start("attached", command("attach"), columns: 100, rows: 40)
    _ = try tmux.wait("attached") { $0.contains("space pause · q stop · d detach") }
    try leave()
    _ = try tmux.wait("attached", seconds: 10) { $0.contains("FOCUS · PAUSED") }
    usleep(800_000)
    try comeBack()
    _ = try tmux.wait("attached", seconds: 10) {
      $0.contains("k keep idle time · d discard it") && !$0.contains("PAUSED")
    }
    try tmux.keys("attached", ["D"])
    _ = try tmux.wait("attached") { $0.contains("Detached:") && $0.contains("EXIT=0") }
    try stopAndExpectAllCounted()
  }

  /// A focus in the foreground whose terminal closes (SIGHUP) goes on with no view: on its
  /// person's return, or if its view was asking when it closed, the setting is applied, not
  /// a question put to the closed view.
  @Test(arguments: [false, true])
  func aFocusWhoseTerminalClosedLeavesItToTheSetting(asking: Bool) throws {
    defer { tmux.stop() }
    try fixture.succeed(["config", "set", "idle.return", "keep"])
    try tmux.start("own", command("focus --length 1m --mute --no-notify"), columns: 100, rows: 40)
    _ = try tmux.wait("own") { $0.contains("Enter start") }
    try tmux.keys("own", ["Enter"])
    _ = try tmux.wait("own") { $0.contains("space pause") }
    let pid = try #require(try fixture.status()?["pid"] as? Int)
    defer { kill(Int32(pid), SIGKILL) }
    try leave()
    _ = try tmux.wait("own", seconds: 10) { $0.contains("FOCUS · PAUSED") }
    usleep(800_000)
    if asking {
      try comeBack()
      _ = try tmux.wait("own", seconds: 10) { $0.contains("k keep idle time · d discard it") }
    }
    // Closing the terminal: the focus gets SIGHUP and goes on with nobody watching.
    try tmux.run(["kill-session", "-t", "own"])
    if !asking {
      usleep(300_000)
      try comeBack()
    }
    #expect(try fixture.status { $0["state"] as? String == "running" } != nil)
    try stopAndExpectAllCounted()
  }

  /// Stops the focus once the setting (keep) has applied (all the time since its start counts,
  /// as status reads it), and checks that all of it counted in its session too.
  func stopAndExpectAllCounted() throws {
    let credited = try fixture.status { run in
      guard let elapsed = run["elapsed_ms"] as? Int, let start = run["started_at_ms"] as? Int
      else { return false }
      return elapsed >= Int(Date().timeIntervalSince1970 * 1000) - start - 300
    }
    #expect(credited != nil)
    try fixture.succeed(["stop"])
    let session = try #require(fixture.sessions(waitingFor: 1).first)
    let ran = Int64(session.endedAt.timeIntervalSince(session.startedAt) * 1000)
    #expect(session.pauses == 1)
    #expect(session.activeMilliseconds >= ran - 300, "\(session.activeMilliseconds) of \(ran)")
  }
}
