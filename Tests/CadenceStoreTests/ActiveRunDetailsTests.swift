import CadenceCore
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// What a run in progress keeps besides its routine (task, goal, tags, session id, mandatory
/// break, note), so that `resume` brings back the same kind of run; and runs kept by a Cadence
/// from before it kept them.
@Suite struct ActiveRunDetailsTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("details").created() }

  func path(_ name: String = "cadence.db") -> String { folder.path(name) }

  let details = ActiveRun.Details(
    task: "Essay", goal: "Degree", tags: ["writing", "uni"], sessionUUID: "uuid-1",
    mandatoryBreak: true, note: "First draft", noteSession: "uuid-0")

  func session() -> SessionRecord {
    SessionRecord(
      kind: .focus, routine: "Focus: Essay", startedAt: Date(timeIntervalSince1970: 1),
      endedAt: Date(timeIntervalSince1970: 61), plannedMilliseconds: 60_000,
      activeMilliseconds: 60_000, outcome: .completed)
  }

  @Test func aRunKeepsWhatItIsRecordedAgainstAndItsRules() throws {
    let store = try Store(path: path())
    _ = try store.beginRun(
      path: "cadence:break", source: [], hash: "abc", parameters: [], startedAt: 1000, pid: 42,
      details: details)
    #expect(try store.activeRuns().first?.details == details)
  }

  @Test func aRunKeptBeforeDetailsWereKeptIsReadWithNone() throws {
    let file = path("old.db")
    let old = try Database(path: file, migratingTo: 3)
    try old.run(
      """
      INSERT INTO active_runs (routine_path, routine_source, routine_hash, parameters,
        started_at_ms, pid, heartbeat_at_ms)
      VALUES ('cadence:focus', x'', 'abc', '', 1000, 0, 1000)
      """)
    let store = try Store(path: file)
    #expect(try store.database.schemaVersion() == Migrations.latest)
    let run = try #require(try store.activeRuns().first)
    #expect(run.routinePath == "cadence:focus")
    #expect(run.details == ActiveRun.Details())
  }

  @Test func finishingARunCanKeepTheRunThatFollowsItInTheSameTransaction() throws {
    let store = try Store(path: path())
    let focus = try store.beginRun(
      path: "cadence:focus", source: [], hash: "abc", parameters: [], startedAt: 1000, pid: 42)
    let next = ActiveRun(
      id: 0, routinePath: "cadence:break", routineSource: Array("return {}".utf8),
      routineHash: "def", parameters: [], startedAt: 61_000, pid: 42, heartbeatAt: 61_000,
      actions: [], details: details)
    let kept = try store.finishRun(focus, session: session(), then: next)
    let runs = try store.activeRuns()
    #expect(runs.map(\.id) == [kept])
    // Carried by the process that kept it (0 for one that no process carries yet).
    #expect(runs.first?.pid == 42)
    #expect(runs.first?.startedAt == 61_000)
    #expect(runs.first?.details == details)
    #expect(try store.sessions().map(\.kind) == [.focus])
    // A session that cannot be saved leaves the first run kept and nothing new.
    var bad = session()
    bad.plannedMilliseconds = -1
    #expect(throws: StoreError.self) { try store.finishRun(kept, session: bad, then: next) }
    #expect(try store.activeRuns().map(\.id) == [kept])
  }

  /// The break's session and its note on the focus go in together: a break is never found
  /// recorded while the note given to its focus is not (or the other way round).
  @Test(arguments: [
    (mandatory: true, note: "First draft" as String?, saved: "First draft" as String?),
    (mandatory: true, note: "", saved: nil), (mandatory: true, note: nil, saved: nil),
    (mandatory: false, note: "First draft", saved: nil),
  ])
  func aTasksBreakSavesTheNoteOnItsFocusAsItIsRecorded(
    mandatory: Bool, note: String?, saved: String?
  ) throws {
    let store = try Store(path: path())
    var focus = session()
    focus.uuid = "uuid-0"
    try store.finishRun(nil, session: focus)
    var kept = details
    kept.mandatoryBreak = mandatory
    kept.note = note
    let run = try store.beginRun(
      path: "cadence:break", source: [], hash: "abc", parameters: [], startedAt: 61_000, pid: 42,
      details: kept)
    var ended = session()
    ended.kind = .break
    try store.finishRun(run, session: ended)
    #expect(try store.session(uuid: "uuid-0")?.note == saved)
    #expect(try store.activeRuns().isEmpty)
    // A session refused as it is written leaves the note as it was.
    let again = try store.beginRun(
      path: "cadence:break", source: [], hash: "abc", parameters: [], startedAt: 62_000, pid: 42,
      details: ActiveRun.Details(mandatoryBreak: true, note: "Other", noteSession: "uuid-0"))
    ended.plannedMilliseconds = -1
    #expect(throws: StoreError.self) { try store.finishRun(again, session: ended) }
    #expect(try store.session(uuid: "uuid-0")?.note == saved)
  }

  @Test func aCountdownIsKeptAsItsScheduleAndAnUnreadableOneAsNone() throws {
    let schedule = Schedule(
      name: "Focus: \"Essay\"\u{7}",
      segments: [Segment(index: 1, name: "Focus", kind: .work, start: 0, duration: 1_500_000)],
      events: [], total: 1_500_000)
    var kept = details
    kept.countdown = schedule
    let store = try Store(path: path())
    _ = try store.beginRun(
      path: "cadence:focus", source: [], hash: "", parameters: [], startedAt: 1000, pid: 42,
      details: kept)
    #expect(try store.activeRuns().first?.details.countdown == schedule)
    #expect(try store.activeRuns().first?.details == kept)
    try store.database.run("UPDATE active_runs SET countdown = '{\"name\": 3'")
    #expect(try store.activeRuns().first?.details.countdown == nil)
  }
}
