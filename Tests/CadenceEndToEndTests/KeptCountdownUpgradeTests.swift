import CadenceStore
import Foundation
import Testing

/// A countdown is kept with its run as its schedule, with no routine text; one kept by a
/// Cadence from before (its routine text the countdown written as Lua, no schedule) still
/// comes back with `resume` after an upgrade.
@Suite(.serialized, .timeLimit(.minutes(10))) struct KeptCountdownUpgradeTests {
  let fixture = KilledRunFixture()

  /// A pid no process has.
  static let gone = Int32.max - 1

  /// The text the old code kept for a focus on `task` of `length` milliseconds, as its
  /// `CountdownRun.source` wrote it.
  static func oldSource(_ name: String, _ length: Int64, kind: String) -> [UInt8] {
    Array(
      "return { name = \(name), quarters = false, steps = { { \(name), \"\(length)ms\", kind = \"\(kind)\" } } }\n"
        .utf8)
  }

  /// Keeps a run as the old code kept it, started `ago` milliseconds before now, by a process
  /// that is gone.
  func keepOld(
    path: String, source: [UInt8], ago: Int64, details: ActiveRun.Details
  ) throws {
    let store = try Store(path: fixture.database)
    let start = Int64(Date().timeIntervalSince1970 * 1000) - ago
    _ = try store.beginRun(
      path: path, source: source, hash: "old", parameters: [], startedAt: start,
      pid: Self.gone, details: details)
  }

  @Test func aTimerIsKeptAsItsScheduleWithNoRoutineText() throws {
    _ = try fixture.succeed(["timer", "1m", "--detach", "--mute", "--no-notify"])
    let kept = try #require(
      fixture.keptRuns(waitingFor: 1).first)
    #expect(kept.routinePath == "cadence:timer")
    #expect(kept.routineSource.isEmpty)
    #expect(kept.details.countdown?.name == "Timer")
    #expect(kept.details.countdown?.segments.map(\.duration) == [60_000])
    #expect(kept.details.countdown?.total == 60_000)
    _ = try fixture.succeed(["stop"])
  }

  @Test func anOldKeptTimerComesBackCountingWithItsRules() throws {
    _ = try fixture.succeed(["task", "add", "Essay \"one\"", "--tags", "writing"])
    try keepOld(
      path: "cadence:timer",
      source: Self.oldSource("\"Timer: Essay \\\"one\\\"\"", 60_000, kind: "work"), ago: 10_000,
      details: ActiveRun.Details(task: "Essay \"one\"", tags: ["writing"], sessionUUID: "old-1"))
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardOutput.hasPrefix("Started the timer in the background: run "))
    let timer = try #require(try fixture.status())
    #expect(timer["path"] as? String == "cadence:timer")
    #expect(timer["routine"] as? String == "Timer: Essay \"one\"")
    let left = try #require(timer["remaining_ms"] as? Int)
    #expect(left > 30_000 && left <= 50_000, "\(left)")
    #expect(try fixture.cadence(["skip"]).status == 69)
    _ = try fixture.succeed(["stop"])
    let session = try #require(fixture.sessions(waitingFor: 1).first)
    #expect(session.kind == .timer)
    #expect(session.uuid == "old-1")
    #expect(session.task == "Essay \"one\"")
    #expect(session.tags == ["writing"])
    #expect(session.outcome == .stopped)
    #expect(session.resumed)
  }

  @Test func anOldKeptFocusThatEndedWhileAwayIsRecordedAndItsBreakKeptAsASchedule() throws {
    _ = try fixture.succeed(["task", "add", "Essay"])
    _ = try fixture.succeed(["config", "set", "task-break", "1m"])
    try keepOld(
      path: "cadence:focus", source: Self.oldSource("\"Focus: Essay\"", 60_000, kind: "work"),
      ago: 65_000, details: ActiveRun.Details(task: "Essay", sessionUUID: "old-2"))
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(
      resumed.standardOutput.hasPrefix(
        "Focus: Essay finished while Cadence was away; recorded as completed. Its mandatory break followed.\nStarted the break in the background: run "
      ))
    let rest = try #require(try fixture.status())
    #expect(rest["path"] as? String == "cadence:break")
    // The break that followed is kept in the new form.
    let kept = try #require(try Store(path: fixture.database).activeRuns().first)
    #expect(kept.routineSource.isEmpty)
    #expect(kept.details.countdown?.segments.map(\.kind) == [.pause])
    _ = try fixture.succeed(["stop"])
    let recorded = fixture.sessions(waitingFor: 2)
    let focus = try #require(recorded.first { $0.kind == .focus })
    #expect(focus.uuid == "old-2")
    #expect(focus.outcome == .completed)
    #expect(focus.coins == 1)
  }
}

extension KilledRunFixture {
  /// The runs the database keeps, once there are `count` of them (up to 10 seconds).
  func keptRuns(waitingFor count: Int) -> [ActiveRun] {
    let deadline = Date().addingTimeInterval(10)
    var found: [ActiveRun] = []
    while Date() < deadline {
      found = (try? Store(path: database, readOnly: true).activeRuns()) ?? []
      if found.count >= count { break }
      usleep(20_000)
    }
    return found
  }
}
