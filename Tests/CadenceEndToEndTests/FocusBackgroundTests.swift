import CadenceStore
import Foundation
import Testing

/// Timers and focus sessions in a background process of their own (`--detach`), seen and
/// driven from other processes like any run: status and status bars, pause, resume, adjust
/// and stop; at their end they ring, notify and are recorded with nobody watching.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FocusBackgroundTests {
  /// The database and runtime folder, with the recording stand-ins first on PATH.
  var fixture = KilledRunFixture()
  let recorder: ArgumentRecorder

  init() throws {
    recorder = try ArgumentRecorder()
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    fixture.extra["PATH"] = "\(recorder.directory.path):\(path)"
  }

  var folder: URL { fixture.folder }
  var database: String { fixture.database }
  var environment: [String: String] { fixture.environment }

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try fixture.cadence(arguments)
  }

  /// Runs a control command from another process and expects it to succeed.
  func control(_ arguments: [String]) throws { try fixture.succeed(arguments) }

  func status() throws -> [String: Any]? { try fixture.status() }

  func sessions(waitingFor count: Int) -> [SessionRecord] {
    fixture.sessions(waitingFor: count)
  }

  @Test func aDetachedTimerIsSeenPausedAndResumedFromOtherProcessesAndRingsWhenItEnds() throws {
    let started = try cadence(["timer", "6s", "--detach"])
    #expect(started.status == 0, "\(started.standardError)")
    #expect(started.standardOutput.hasPrefix("Started the timer in the background: run "))
    let run = try #require(try status())
    #expect(run["routine"] as? String == "Timer")
    #expect(run["path"] as? String == "cadence:timer")
    #expect(run["state"] as? String == "running")
    let format = try cadence(["status", "--format", "{routine}|{segment}|{state}"])
    #expect(format.standardOutput == "Timer|Timer|running\n")
    try control(["pause"])
    #expect(try status()?["state"] as? String == "paused")
    let waybar = try cadence(["status", "--waybar"])
    let bar = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.standardOutput.utf8)) as? [String: Any])
    #expect(bar["class"] as? String == "paused")
    #expect((bar["text"] as? String)?.contains("Timer") == true)
    try control(["resume"])
    #expect(try status()?["state"] as? String == "running")
    // Nothing was recorded while it counted.
    #expect(((try? Store(path: database, readOnly: true).sessions()) ?? []).isEmpty)
    let recorded = sessions(waitingFor: 1)
    #expect(recorded.first?.kind == .timer)
    #expect(recorded.first?.outcome == .completed)
    #expect(recorded.first?.pauses == 1)
    #expect(fixture.gone(Int32(try #require(run["pid"] as? Int))))
    #expect(try cadence(["status"]).status == 1)
    #expect(try recorder.calls(of: "notify-send", atLeast: 1).count == 1)
    #expect(try !recorder.calls(of: "aplay", atLeast: 1).isEmpty)
    let history = try cadence(["history", "--json"])
    #expect(history.standardOutput.contains("\"kind\":\"timer\""))
  }

  @Test func aDetachedFocusIsStoppedFromAnotherProcessAndItsLengthRemembered() throws {
    let started = try cadence(["focus", "--length", "5m", "--detach", "--mute", "--no-notify"])
    #expect(started.status == 0, "\(started.standardError)")
    #expect(started.standardOutput.hasPrefix("Started the focus in the background: run "))
    #expect(try status()?["routine"] as? String == "Focus")
    let run = try #require(try status())
    #expect(run["path"] as? String == "cadence:focus")
    try control(["stop"])
    let recorded = sessions(waitingFor: 1)
    #expect(recorded.first?.kind == .focus)
    #expect(recorded.first?.outcome == .stopped)
    #expect(recorded.first?.coins == 0)
    // A stopped focus offers focus again, at the length it was given, once its process has
    // moved the cycle on.
    #expect(fixture.gone(Int32(try #require(run["pid"] as? Int))))
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 5m\n")
  }

  /// `stop` answers once the run has recorded its session, so that what is read straight
  /// after finds it: here the run takes 500 ms over its last write, and nothing waits.
  @Test func stopAnswersOnceTheRunIsRecorded() throws {
    var slow = fixture
    slow.extra["CADENCE_TEST_PAUSE_IN_FINISH_MS"] = "500"
    try slow.succeed(["timer", "5m", "--detach", "--mute", "--no-notify"])
    let pid = try #require(try status()?["pid"] as? Int)
    let stopped = try slow.succeed(["stop"])
    #expect(stopped.standardOutput.hasPrefix("Stopped Timer (run "))
    let recorded = try Store(path: database, readOnly: true).sessions()
    #expect(recorded.map(\.outcome) == [.stopped])
    #expect(try cadence(["status"]).status == 1)
    #expect(fixture.gone(Int32(pid)))
  }

  @Test func aDetachedBreakEndsWithNobodyWatchingAndStillRingsNotifiesAndIsRecorded() throws {
    // A break on offer (as after a completed focus), at the shortest length, 1 minute; taking
    // 58 seconds off from another process lets it end within the test.
    #expect(try cadence(["config", "set", "break", "1m"]).status == 0)
    try Store(path: database).setSetting("focus.offer", "break")
    #expect(try cadence(["focus", "--next"]).standardOutput == "break 1m\n")
    let started = try cadence(["focus", "--break", "--detach"])
    #expect(started.status == 0, "\(started.standardError)")
    #expect(started.standardOutput.hasPrefix("Started the break in the background: run "))
    let run = try #require(try status())
    #expect(run["routine"] as? String == "Break")
    try control(["adjust", "-58s"])
    let recorded = sessions(waitingFor: 1)
    #expect(recorded.first?.kind == .break)
    #expect(recorded.first?.outcome == .completed)
    let notified = try recorder.calls(of: "notify-send", atLeast: 1)
    #expect(notified.count == 1)
    #expect(notified.first?.contains { $0.contains("Break") } == true, "\(notified)")
    #expect(try !recorder.calls(of: "aplay", atLeast: 1).isEmpty)
    // After a break, focus is on offer again, once its process has moved the cycle on.
    #expect(fixture.gone(Int32(try #require(run["pid"] as? Int))))
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 25m\n")
  }

  @Test func aTasksMandatoryBreakRefusesSkipAndShorteningFromAnotherProcessButStops() throws {
    #expect(try cadence(["task", "add", "Essay"]).status == 0)
    #expect(try cadence(["config", "set", "task-break", "1m"]).status == 0)
    let started = try cadence(
      ["focus", "Essay", "--length", "1m", "--detach", "--mute", "--no-notify"])
    #expect(started.status == 0, "\(started.standardError)")
    // The focus may not be skipped (it would be recorded completed, its break and note lost).
    let skipped = try cadence(["skip"])
    #expect(skipped.status == 69)
    #expect(
      skipped.standardError
        == "The run refused: a timer or focus session cannot be skipped; cadence stop ends it.\n")
    #expect(try status()?["total_ms"] as? Int == 60_000)
    // The focus (not mandatory) may be shortened: it ends within seconds, and the task's
    // mandatory break follows in the same background process.
    try control(["adjust", "-58s"])
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, try status()?["path"] as? String != "cadence:break" { usleep(50_000) }
    #expect(try status()?["path"] as? String == "cadence:break")
    for refused in [["skip"], ["adjust", "-1m"], ["adjust", "-1s"]] {
      let output = try cadence(refused)
      #expect(output.status == 69, "\(refused)")
      #expect(
        output.standardError
          == "The run refused: this is a task's mandatory break, which cannot be skipped or shortened; cadence stop ends the session.\n"
      )
      #expect(output.standardOutput.isEmpty)
    }
    let counting = try #require(try status())
    #expect(counting["state"] as? String == "running")
    #expect(counting["total_ms"] as? Int == 60_000)
    // It may be lengthened, paused and stopped.
    try control(["adjust", "+1m"])
    #expect(try status()?["total_ms"] as? Int == 120_000)
    try control(["pause"])
    try control(["stop"])
    let recorded = sessions(waitingFor: 2)
    let focus = recorded.first { $0.kind == .focus }
    let rest = recorded.first { $0.kind == .break }
    #expect(focus?.outcome == .completed)
    #expect(focus?.task == "Essay")
    #expect(rest?.outcome == .stopped)
    #expect(rest?.pauses == 1)
  }

  @Test func runWithALengthDetachesAsATimer() throws {
    let started = try cadence(["run", "25m", "--detach", "--mute", "--no-notify"])
    #expect(started.status == 0, "\(started.standardError)")
    #expect(try status()?["path"] as? String == "cadence:timer")
    try control(["stop"])
    let recorded = sessions(waitingFor: 1)
    #expect(recorded.first?.kind == .timer)
    #expect(recorded.first?.outcome == .stopped)
  }

  /// What can be refused is refused here, on the terminal, with nothing started.
  @Test(arguments: [
    (["focus", "Nope", "--detach"], Int32(65), "There is no task called \"Nope\""),
    (["focus", "--break", "--detach"], Int32(69), "No break is on offer"),
    (["timer", "--detach"], Int32(64), "a timer in the background needs a length"),
  ])
  func refusalsComeBeforeTheBackground(arguments: [String], status: Int32, saying: String) throws {
    let output = try cadence(arguments)
    #expect(output.status == status)
    #expect(output.standardError.contains(saying), "\(output.standardError)")
    RefusalForm.expect(output.standardError, status: status, arguments: arguments)
    #expect(output.standardOutput.isEmpty)
    #expect(try cadence(["status"]).status == 1)
  }
}
