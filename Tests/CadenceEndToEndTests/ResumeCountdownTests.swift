import CadenceStore
import Foundation
import Testing

/// A timer, focus session or break whose background process is killed with SIGKILL comes back
/// with `cadence resume` as the countdown it was, not as a routine's run: the same refusals at
/// its control socket, the same history row (kind, task, goal, tags, coins, note), and the focus
/// cycle moved on at its end as it would have been (a task's mandatory break, then the note).
/// Time away is made by moving the kept run's start back, so each test takes a few seconds.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ResumeCountdownTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("cadence-rcd-\(UUID().uuidString.prefix(8))")

  var database: String { folder.appendingPathComponent("cadence.db").path }
  var environment: [String: String] {
    [
      "CADENCE_DB": database, "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
  }

  static let countdownRefusal =
    "The run refused: a timer or focus session cannot be skipped; cadence stop ends it.\n"
  static let mandatoryRefusal =
    "The run refused: this is a task's mandatory break, which cannot be skipped or shortened; cadence stop ends the session.\n"

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments, environment: environment)
  }

  /// Runs `arguments` and expects them to succeed.
  func succeed(_ arguments: [String]) throws -> CadenceProcess.Output {
    let output = try cadence(arguments)
    #expect(
      output.status == 0,
      "\(arguments): \(output.status) \(output.standardOutput)\(output.standardError)")
    return output
  }

  func status() throws -> [String: Any]? {
    let output = try cadence(["status", "--json"])
    let runs =
      (try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)))
      as? [[String: Any]]
    return runs?.first
  }

  /// The run going once `condition` holds of its status (up to 15 seconds).
  func status(until condition: ([String: Any]) -> Bool) throws -> [String: Any]? {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if let run = try status(), condition(run) { return run }
      usleep(50_000)
    }
    return nil
  }

  /// The sessions recorded, once there are `count` of them (up to 15 seconds).
  func sessions(waitingFor count: Int) -> [SessionRecord] {
    let deadline = Date().addingTimeInterval(15)
    var found: [SessionRecord] = []
    while Date() < deadline {
      found = (try? Store(path: database, readOnly: true).sessions()) ?? []
      if found.count >= count { break }
      usleep(50_000)
    }
    return found
  }

  /// Kills the background process of the run going with SIGKILL once the database keeps the
  /// run, waits until it is gone, and moves the kept run's start back by `away` milliseconds,
  /// as if that long had passed since.
  func kill(movingStartBack away: Int64 = 0) throws {
    let run = try #require(try status())
    let pid = try #require((run["pid"] as? Int).map { Int32($0) })
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      !((try? Store(path: database, readOnly: true).activeRuns()) ?? []).contains(where: {
        $0.pid == pid
      })
    {
      usleep(10_000)
    }
    Foundation.kill(pid, SIGKILL)
    while Date() < deadline, Foundation.kill(pid, 0) == 0 { usleep(10_000) }
    #expect(Foundation.kill(pid, 0) != 0)
    try Store(path: database).database.run(
      "UPDATE active_runs SET started_at_ms = started_at_ms - ?1", [.integer(away)])
  }

  @Test func aKilledTasksFocusKeepsItsRulesThenItsMandatoryBreakAndNoteFollow() throws {
    _ = try succeed(["goal", "add", "Degree"])
    _ = try succeed(["task", "add", "Essay", "--goal", "Degree", "--tags", "writing"])
    _ = try succeed(["config", "set", "task-break", "1m"])
    _ = try succeed([
      "focus", "Essay", "--length", "1m", "--note", "First draft", "--detach", "--mute",
      "--no-notify",
    ])
    // Killed with 6 seconds of its minute left.
    try kill(movingStartBack: 54_000)
    let resumed = try succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardOutput.hasPrefix("Started the focus in the background: run "))
    #expect(resumed.standardError.hasPrefix("Resuming Focus: Essay with "))
    // Paused while it is looked at, so that a slow machine cannot end it meanwhile.
    _ = try succeed(["pause"])
    let focus = try #require(try status())
    #expect(focus["path"] as? String == "cadence:focus")
    #expect(focus["routine"] as? String == "Focus: Essay")
    #expect(focus["state"] as? String == "paused")
    let skipped = try cadence(["skip"])
    #expect(skipped.status == 69)
    #expect(skipped.standardError == Self.countdownRefusal)
    _ = try succeed(["resume"])
    // At its end the task's mandatory break follows, and keeps its rules.
    let rest = try #require(try status { $0["path"] as? String == "cadence:break" })
    #expect(rest["routine"] as? String == "Break")
    for refused in [["skip"], ["adjust", "-1s"]] {
      let output = try cadence(refused)
      #expect(output.status == 69, "\(refused)")
      #expect(output.standardError == Self.mandatoryRefusal)
    }
    // Killed in the break, and away until after it would have ended: it is recorded as
    // completed and the note is saved on the focus session.
    try kill(movingStartBack: 61_000)
    let closed = try succeed(["resume", "--plain", "--mute", "--no-notify"])
    #expect(
      closed.standardOutput.contains(
        "Break finished while Cadence was away; recorded as completed.\n"))
    #expect(closed.standardOutput.contains("Saved Essay with the note \"First draft\".\n"))
    let recorded = sessions(waitingFor: 2)
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
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 1m\n")
    #expect(try Store(path: database).activeRuns().isEmpty)
  }

  @Test func aTasksFocusThatEndedWhileAwayIsFollowedByItsMandatoryBreakFromItsEnd() throws {
    _ = try succeed(["task", "add", "Essay"])
    _ = try succeed(["config", "set", "task-break", "1m"])
    _ = try succeed(["focus", "Essay", "--length", "1m", "--detach", "--mute", "--no-notify"])
    // The focus ended 5 seconds ago; its break has been going since.
    try kill(movingStartBack: 65_000)
    let resumed = try succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(
      resumed.standardOutput.hasPrefix(
        "Focus: Essay finished while Cadence was away; recorded as completed. Its mandatory break followed.\nStarted the break in the background: run "
      ))
    let rest = try #require(try status())
    #expect(rest["path"] as? String == "cadence:break")
    let left = try #require(rest["remaining_ms"] as? Int)
    #expect(left > 40_000 && left <= 56_000, "\(left)")
    let shortened = try cadence(["adjust", "-1s"])
    #expect(shortened.status == 69)
    #expect(shortened.standardError == Self.mandatoryRefusal)
    _ = try succeed(["stop"])
    let recorded = sessions(waitingFor: 2)
    #expect(recorded.first { $0.kind == .focus }?.outcome == .completed)
    #expect(recorded.first { $0.kind == .focus }?.coins == 1)
    #expect(recorded.first { $0.kind == .break }?.outcome == .stopped)
    #expect(recorded.first { $0.kind == .break }?.task == "Essay")
  }

  @Test(arguments: [["timer", "1m"], ["run", "1m"]])
  func aKilledCountdownComesBackAsACountdownNotARoutine(start: [String]) throws {
    _ = try succeed(["task", "add", "Reading", "--tags", "books"])
    _ = try succeed(start + ["--task", "Reading", "--detach", "--mute", "--no-notify"])
    try kill()
    let resumed = try succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardOutput.hasPrefix("Started the timer in the background: run "))
    let timer = try #require(try status())
    #expect(timer["path"] as? String == "cadence:timer")
    #expect(timer["routine"] as? String == "Timer: Reading")
    let skipped = try cadence(["skip"])
    #expect(skipped.status == 69)
    #expect(skipped.standardError == Self.countdownRefusal)
    #expect(try status()?["state"] as? String == "running")
    _ = try succeed(["adjust", "+1m"])
    #expect(try status()?["total_ms"] as? Int == 120_000)
    _ = try succeed(["stop"])
    let session = try #require(sessions(waitingFor: 1).first)
    #expect(session.kind == .timer)
    #expect(session.task == "Reading")
    #expect(session.tags == ["books"])
    #expect(session.outcome == .stopped)
    #expect(session.resumed)
    #expect(session.segmentsSkipped == 0)
  }

  @Test func aFocusThatFinishedWhileAwayEarnsItsCoinsAndOffersItsBreak() throws {
    _ = try succeed(["focus", "--length", "1m", "--detach", "--mute", "--no-notify"])
    try kill(movingStartBack: 61_000)
    let resumed = try succeed(["resume", "--plain", "--mute", "--no-notify"])
    #expect(
      resumed.standardOutput
        == "Focus finished while Cadence was away; recorded as completed.\nFocus completed (1m): 1 coin earned, 1 in all. Next: break 5m.\n"
    )
    let session = try #require(sessions(waitingFor: 1).first)
    #expect(session.kind == .focus)
    #expect(session.coins == 1)
    #expect(try cadence(["focus", "--next"]).standardOutput == "break 5m\n")
  }

  @Test func aKilledRoutineRunKeepsItsTaskAndTakesTheRoutinesControls() throws {
    _ = try succeed(["task", "add", "Legs"])
    let routine = try CadenceProcess.temporaryFile(
      "tasked.lua", #"return { name = "Tasked", steps = { { "One", "1h" }, { "Two", "1h" } } }"#)
    _ = try succeed(["run", routine, "--task", "Legs", "--detach", "--mute", "--no-notify"])
    try kill()
    _ = try succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(try status()?["path"] as? String == routine)
    // A routine's step may be skipped, from the resumed run too.
    _ = try succeed(["skip"])
    #expect(try status()?["segment"] as? String == "Two")
    _ = try succeed(["stop"])
    let session = try #require(sessions(waitingFor: 1).first)
    #expect(session.kind == .routine)
    #expect(session.task == "Legs")
    #expect(session.segmentsSkipped == 1)
    #expect(session.resumed)
  }
}
