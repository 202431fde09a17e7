import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// Goals, tasks, coins and session ids on real SQLite files.
@Suite struct RecordTablesTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("records").created() }

  func path(_ name: String = "cadence.db") -> String { folder.path(name) }

  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func focus(_ minutes: Int64, coins: Int, task: String? = "Essay") -> SessionRecord {
    SessionRecord(
      kind: .focus, routine: nil, task: task, goal: "Degree", tags: ["writing"],
      startedAt: start, endedAt: start.addingTimeInterval(Double(minutes * 60)),
      plannedMilliseconds: minutes * 60_000, activeMilliseconds: minutes * 60_000,
      outcome: .completed, note: "Two pages", coins: coins)
  }

  @Test func goalsAndTasksRoundTrip() throws {
    let store = try Store(path: path())
    let goal = try store.planning.save(
      GoalRecord(name: "Degree", colour: "#3366ff", createdAt: start))
    let task = TaskRecord(
      name: "Essay", goalID: goal, icon: "📝", tags: ["writing", "uni"],
      lengthMilliseconds: 50 * 60_000, priority: 7, deadline: "2027-01-15", weekdays: 0b10101,
      createdAt: start)
    let id = try store.planning.save(task)
    let reopened = try Store(path: path())
    var expected = task
    expected.id = id
    #expect(try reopened.planning.task(named: "ESSAY") == expected)
    #expect(try reopened.planning.goal(named: "degree")?.colour == "#3366ff")
    #expect(try reopened.planning.remove(goal: goal) == 1)
    #expect(try reopened.planning.task(named: "Essay")?.goalID == nil)
  }

  @Test func theDatabaseRefusesAPriorityOutOfRange() throws {
    let store = try Store(path: path())
    #expect(throws: StoreError.self) {
      try store.planning.save(TaskRecord(name: "Bad", priority: 11, createdAt: start))
    }
    #expect(try store.planning.tasks().isEmpty)
  }

  @Test func coinsAreEarnedBySessionsAndSpentNeverBelowZero() throws {
    let store = try Store(path: path())
    try store.record(focus(25, coins: 25))
    #expect(try store.coins.balance() == 25)
    try store.coins.buy(
      OwnedItem(kind: .island, name: "volcano", acquiredAt: start.addingTimeInterval(3600)),
      price: 20)
    #expect(try store.coins.balance() == 5)
    #expect(try store.coins.owns(.island, "volcano"))
    #expect(
      throws: StoreError.notEnoughCoins(path: path(), balance: 5, price: 30)
    ) {
      try store.coins.buy(OwnedItem(kind: .pet, name: "owl", acquiredAt: start), price: 30)
    }
    #expect(try !store.coins.owns(.pet, "owl"))
    #expect(try store.coins.balance() == 5)
    #expect(try store.coins.transactions().map(\.change) == [25, -20])
  }

  @Test func theDatabaseItselfRefusesASpendBeyondTheBalance() throws {
    let store = try Store(path: path())
    #expect(throws: StoreError.self) {
      try store.database.run(
        "INSERT INTO coin_transactions (at, kind, amount, reason) VALUES ('2026-01-01T00:00:00.000Z', 'spend', 1, 'x')"
      )
    }
    #expect(try store.coins.balance() == 0)
  }

  @Test func mergingSessionsTwiceAddsThemOnce() throws {
    let source = try Store(path: path("a.db"))
    try source.record(focus(25, coins: 25))
    try source.record(focus(10, coins: 0, task: nil))
    let exported = try source.sessions()
    let target = try Store(path: path("b.db"))
    #expect(try target.sessionTable.merge(exported) == 2)
    #expect(try target.sessionTable.merge(exported) == 0)
    let merged = try target.sessions()
    #expect(merged.map(\.uuid) == exported.map(\.uuid))
    #expect(merged.first?.note == "Two pages")
    #expect(merged.first?.goal == "Degree")
    #expect(merged.first?.tags == ["writing"])
    #expect(try target.coins.balance() == 25)
  }

  @Test func upgradingGivesEveryOldSessionItsOwnId() throws {
    let file = path()
    let old = try Database(path: file, migratingTo: 2)
    for minute in 0..<3 {
      try old.run(
        "INSERT INTO sessions (kind, routine, started_at, ended_at, planned_ms, active_ms, outcome, tags) VALUES ('routine', 'Old', '2026-01-01T00:0\(minute):00.000Z', '2026-01-01T00:10:00.000Z', 600000, 600000, 'completed', 'legs,hiit')"
      )
    }
    let store = try Store(path: file)
    let sessions = try store.sessions()
    #expect(Set(sessions.map(\.uuid)).count == 3)
    #expect(sessions.allSatisfy { UUID(uuidString: $0.uuid) != nil })
    #expect(sessions.first?.tags == ["legs", "hiit"])
    #expect(try store.coins.balance() == 0)
    #expect(try store.planning.goals().isEmpty)
  }

  @Test func aRoutineSourceThatIsNotUTF8RoundTripsAsABlob() throws {
    let store = try Store(path: path())
    let source: [UInt8] = [0x72, 0x65, 0x74, 0xFF, 0x00, 0x7B, 0x7D]
    _ = try store.beginRun(
      path: "odd.lua", source: source, hash: "h", parameters: [], startedAt: 1, pid: 1)
    #expect(try store.activeRuns().first?.routineSource == source)
  }

  @Test func rowsAreReadByColumnNameWhateverTheOrder() throws {
    let store = try Store(path: path())
    let values = try store.database.rows("SELECT 'b' AS second, 7 AS first, NULL AS third") {
      ($0.integer("first"), $0.text("second"), $0["third"], $0.integer("missing"))
    }
    #expect(values.first?.0 == 7)
    #expect(values.first?.1 == "b")
    #expect(values.first?.2 == .null)
    #expect(values.first?.3 == nil)
  }
}
