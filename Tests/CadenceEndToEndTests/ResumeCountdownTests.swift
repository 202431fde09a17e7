import CadenceStore
import Foundation
import Testing

/// A timer, focus session or break whose background process is killed with SIGKILL comes back
/// with `cadence resume` as the countdown it was, not as a routine's run: the same refusals at
/// its control socket, the same history row (kind, task, goal, tags, coins, note), and the focus
/// cycle moved on at its end as it would have been (a task's mandatory break, then the note).
/// Time away is made by moving the kept run's start back, so each test takes a few seconds.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ResumeCountdownTests {
  let fixture = KilledRunFixture()

  static let countdownRefusal =
    "The run refused: a timer or focus session cannot be skipped; cadence stop ends it.\n"
  static let mandatoryRefusal =
    "The run refused: this is a task's mandatory break, which cannot be skipped or shortened; cadence stop ends the session.\n"

  @Test func aKilledTasksFocusKeepsItsRulesThenItsMandatoryBreakAndNoteFollow() throws {
    _ = try fixture.succeed(["goal", "add", "Degree"])
    _ = try fixture.succeed(["task", "add", "Essay", "--goal", "Degree", "--tags", "writing"])
    _ = try fixture.succeed(["config", "set", "task-break", "1m"])
    _ = try fixture.succeed([
      "focus", "Essay", "--length", "1m", "--note", "First draft", "--detach", "--mute",
      "--no-notify",
    ])
    // Killed with 6 seconds of its minute left.
    try fixture.kill(movingStartBack: 54_000)
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardOutput.hasPrefix("Started the focus in the background: run "))
    #expect(resumed.standardError.hasPrefix("Resuming Focus: Essay with "))
    // Paused while it is looked at, so that a slow machine cannot end it meanwhile.
    _ = try fixture.succeed(["pause"])
    let focus = try #require(try fixture.status())
    #expect(focus["path"] as? String == "cadence:focus")
    #expect(focus["routine"] as? String == "Focus: Essay")
    #expect(focus["state"] as? String == "paused")
    let skipped = try fixture.cadence(["skip"])
    #expect(skipped.status == 69)
    #expect(skipped.standardError == Self.countdownRefusal)
    _ = try fixture.succeed(["resume"])
    // At its end the task's mandatory break follows, and keeps its rules.
    let rest = try #require(try fixture.status { $0["path"] as? String == "cadence:break" })
    #expect(rest["routine"] as? String == "Break")
    for refused in [["skip"], ["adjust", "-1s"]] {
      let output = try fixture.cadence(refused)
      #expect(output.status == 69, "\(refused)")
      #expect(output.standardError == Self.mandatoryRefusal)
    }
    // Killed in the break, and away until after it would have ended: it is recorded as
    // completed and the note is saved on the focus session.
    try fixture.kill(movingStartBack: 61_000)
    let closed = try fixture.succeed(["resume", "--plain", "--mute", "--no-notify"])
    #expect(
      closed.standardOutput.contains(
        "Break finished while Cadence was away; recorded as completed.\n"))
    #expect(closed.standardOutput.contains("Saved Essay with the note \"First draft\".\n"))
    let recorded = fixture.sessions(waitingFor: 2)
    let work = try #require(recorded.first { $0.kind == .focus })
    #expect(work.task == "Essay")
    #expect(work.goal == "Degree")
    #expect(work.tags == ["writing"])
    #expect(work.outcome == .completed)
    #expect(work.coins == 1)
    #expect(work.pauses == 1)
    #expect(work.resumed)
    #expect(work.note == "First draft")
    let pause = try #require(recorded.first { $0.kind == .break })
    #expect(pause.task == "Essay")
    #expect(pause.outcome == .completed)
    #expect(pause.resumed)
    #expect(try fixture.cadence(["focus", "--next"]).standardOutput == "focus 1m\n")
    #expect(try Store(path: fixture.database).activeRuns().isEmpty)
  }

  @Test func aTasksFocusThatEndedWhileAwayIsFollowedByItsMandatoryBreakFromItsEnd() throws {
    _ = try fixture.succeed(["task", "add", "Essay"])
    _ = try fixture.succeed(["config", "set", "task-break", "1m"])
    _ = try fixture.succeed([
      "focus", "Essay", "--length", "1m", "--detach", "--mute", "--no-notify",
    ])
    // The focus ended 5 seconds ago; its break has been going since.
    try fixture.kill(movingStartBack: 65_000)
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(
      resumed.standardOutput.hasPrefix(
        "Focus: Essay finished while Cadence was away; recorded as completed. Its mandatory break followed.\nStarted the break in the background: run "
      ))
    let rest = try #require(try fixture.status())
    #expect(rest["path"] as? String == "cadence:break")
    let left = try #require(rest["remaining_ms"] as? Int)
    #expect(left > 40_000 && left <= 56_000, "\(left)")
    let shortened = try fixture.cadence(["adjust", "-1s"])
    #expect(shortened.status == 69)
    #expect(shortened.standardError == Self.mandatoryRefusal)
    _ = try fixture.succeed(["stop"])
    let recorded = fixture.sessions(waitingFor: 2)
    #expect(recorded.first { $0.kind == .focus }?.outcome == .completed)
    #expect(recorded.first { $0.kind == .focus }?.coins == 1)
    #expect(recorded.first { $0.kind == .break }?.outcome == .stopped)
    #expect(recorded.first { $0.kind == .break }?.task == "Essay")
  }

  @Test(arguments: [["timer", "1m"], ["run", "1m"]])
  func aKilledCountdownComesBackAsACountdownNotARoutine(start: [String]) throws {
    _ = try fixture.succeed(["task", "add", "Reading", "--tags", "books"])
    _ = try fixture.succeed(start + ["--task", "Reading", "--detach", "--mute", "--no-notify"])
    try fixture.kill()
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardOutput.hasPrefix("Started the timer in the background: run "))
    let timer = try #require(try fixture.status())
    #expect(timer["path"] as? String == "cadence:timer")
    #expect(timer["routine"] as? String == "Timer: Reading")
    let skipped = try fixture.cadence(["skip"])
    #expect(skipped.status == 69)
    #expect(skipped.standardError == Self.countdownRefusal)
    #expect(try fixture.status()?["state"] as? String == "running")
    _ = try fixture.succeed(["adjust", "+1m"])
    #expect(try fixture.status()?["total_ms"] as? Int == 120_000)
    _ = try fixture.succeed(["stop"])
    let session = try #require(fixture.sessions(waitingFor: 1).first)
    #expect(session.kind == .timer)
    #expect(session.task == "Reading")
    #expect(session.tags == ["books"])
    #expect(session.outcome == .stopped)
    #expect(session.resumed)
    #expect(session.segmentsSkipped == 0)
  }

  @Test func aFocusThatFinishedWhileAwayEarnsItsCoinsAndOffersItsBreak() throws {
    _ = try fixture.succeed(["focus", "--length", "1m", "--detach", "--mute", "--no-notify"])
    try fixture.kill(movingStartBack: 61_000)
    let resumed = try fixture.succeed(["resume", "--plain", "--mute", "--no-notify"])
    #expect(
      resumed.standardOutput
        == "Focus finished while Cadence was away; recorded as completed.\nFocus completed (1m): 1 coin earned, 1 in all. Next: break 5m.\n"
    )
    let session = try #require(fixture.sessions(waitingFor: 1).first)
    #expect(session.kind == .focus)
    #expect(session.coins == 1)
    #expect(try fixture.cadence(["focus", "--next"]).standardOutput == "break 5m\n")
  }

  @Test func aKilledRoutineRunKeepsItsTaskAndTakesTheRoutinesControls() throws {
    _ = try fixture.succeed(["task", "add", "Legs"])
    let routine = try CadenceProcess.temporaryFile(
      "tasked.lua", #"return { name = "Tasked", steps = { { "One", "1h" }, { "Two", "1h" } } }"#)
    _ = try fixture.succeed(["run", routine, "--task", "Legs", "--detach", "--mute", "--no-notify"])
    try fixture.kill()
    _ = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(try fixture.status()?["path"] as? String == routine)
    // A routine's step may be skipped, from the resumed run too.
    _ = try fixture.succeed(["skip"])
    #expect(try fixture.status()?["segment"] as? String == "Two")
    _ = try fixture.succeed(["stop"])
    let session = try #require(fixture.sessions(waitingFor: 1).first)
    #expect(session.kind == .routine)
    #expect(session.task == "Legs")
    #expect(session.segmentsSkipped == 1)
    #expect(session.resumed)
  }
}
