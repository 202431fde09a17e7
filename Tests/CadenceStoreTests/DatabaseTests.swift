import CSQLite
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// The store on real SQLite files in a temporary folder: no mocks.
@Suite struct DatabaseTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("store").created() }

  func path(_ name: String = "cadence.db") -> String { folder.path(name) }

  func session(_ minutes: Int64, outcome: SessionRecord.Outcome = .completed, start: Date = Date())
    -> SessionRecord
  {
    SessionRecord(
      kind: .routine, routine: "Gym", startedAt: start,
      endedAt: start.addingTimeInterval(Double(minutes * 60)),
      plannedMilliseconds: minutes * 60_000, activeMilliseconds: minutes * 60_000, outcome: outcome,
      segmentsDone: 3)
  }

  @Test func migratesAnEmptyFileToTheLatestSchemaInWALMode() throws {
    let store = try Store(path: path("nested/folder/cadence.db"))
    #expect(try store.database.schemaVersion() == Migrations.latest)
    #expect(try store.database.scalarText("PRAGMA journal_mode") == "wal")
    #expect(try store.database.scalarInteger("PRAGMA foreign_keys") == 1)
    let recorded = try store.database.query(
      "SELECT version FROM schema_migrations ORDER BY version"
    ) {
      $0.integer(0)
    }
    #expect(recorded == Migrations.steps.map { Int64($0.version) })
  }

  @Test func migratesFromEachEarlierVersionKeepingData() throws {
    for earlier in 1..<Migrations.latest {
      let file = path("from-\(earlier).db")
      // Build the schema as that version left it, with a session in it.
      let partial = try Database(path: file, migratingTo: earlier)
      try partial.run(
        "INSERT INTO sessions (kind, routine, started_at, ended_at, planned_ms, active_ms, outcome) VALUES ('routine', 'Old', '2026-01-01T00:00:00.000Z', '2026-01-01T00:10:00.000Z', 600000, 600000, 'completed')"
      )
      #expect(try partial.schemaVersion() == earlier)
      let store = try Store(path: file)
      #expect(try store.database.schemaVersion() == Migrations.latest)
      let sessions = try store.sessions()
      #expect(sessions.map(\.routine) == ["Old"])
      #expect(sessions.first?.resumed == false)
    }
  }

  @Test func aNewerDatabaseIsRefusedAndLeftUntouched() throws {
    let file = path()
    _ = try Store(path: file)
    try Store(path: file).database.execute("PRAGMA user_version = 99")
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(throws: StoreError.newerVersion(path: file, found: 99, known: Migrations.latest)) {
      try Store(path: file)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  @Test func aDamagedFileIsRefusedAndLeftUntouched() throws {
    let file = path()
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: file))
    let error = #expect(throws: StoreError.self) { try Store(path: file) }
    guard case .damaged(let where_, _) = error else {
      Issue.record("expected damaged, got \(String(describing: error))")
      return
    }
    #expect(where_ == file)
    #expect(error?.description.contains("Cadence has left it untouched") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == garbage)
  }

  @Test func aTruncatedDatabaseIsReportedAsDamaged() throws {
    let file = path()
    let store = try Store(path: file)
    for minute in 0..<300 { try store.record(session(Int64(minute))) }
    try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let broken = path("broken.db")
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: broken))
    #expect(throws: StoreError.self) {
      let opened = try Store(path: broken)
      _ = try opened.sessions()
    }
  }

  @Test func aReaderReadsWhileAnotherConnectionWrites() throws {
    let file = path()
    let writer = try Store(path: file)
    try writer.record(session(10))
    try writer.database.execute("BEGIN IMMEDIATE")
    try writer.database.run(
      "INSERT INTO settings (key, value) VALUES ('volume', '10')")
    let reader = try Store(path: file, readOnly: true)
    #expect(try reader.sessions().count == 1)
    #expect(try reader.setting("volume") == nil)
    try writer.database.execute("COMMIT")
    #expect(try reader.setting("volume") == "10")
  }

  @Test func aSecondWriterWaitsThenReportsTheLock() throws {
    let file = path()
    let first = try Store(path: file)
    let second = try Store(path: file)
    try first.database.execute("BEGIN IMMEDIATE")
    sqlite3_busy_timeout(second.database.handle, 50)
    #expect(throws: StoreError.busy(path: file)) { try second.setSetting("volume", "5") }
    try first.database.execute("COMMIT")
    try second.setSetting("volume", "5")
    #expect(try first.setting("volume") == "5")
  }

  @Test func sessionsRoundTripAndFilter() throws {
    let store = try Store(path: path())
    let start = Date(timeIntervalSince1970: 1_800_000_000.123)
    var gym = session(30, start: start)
    gym.task = "Legs"
    gym.tags = ["strength", "gym"]
    gym.note = "Felt strong, \"really\""
    gym.pauses = 2
    let id = try store.record(gym)
    var other = session(5, outcome: .stopped, start: start.addingTimeInterval(86_400))
    other.routine = "Pomodoro"
    try store.record(other)
    let all = try store.sessions()
    #expect(all.count == 2)
    var expected = gym
    expected.id = id
    #expect(all.first == expected)
    #expect(try store.sessions(SessionFilter(routine: "pomodoro")).map(\.routine) == ["Pomodoro"])
    #expect(try store.sessions(SessionFilter(task: "legs")).count == 1)
    #expect(try store.sessions(SessionFilter(since: start.addingTimeInterval(3600))).count == 1)
  }

  @Test func finishingARunRecordsTheSessionAndForgetsTheRunTogether() throws {
    let store = try Store(path: path())
    let run = try store.beginRun(
      path: "gym.lua", source: Array("return {}".utf8), hash: "abc", parameters: [("rounds", "5")],
      startedAt: 1000, pid: 4242)
    try store.recordAction(run: run, ActiveRun.Action(at: 2000, action: "pause"))
    try store.recordAction(run: run, ActiveRun.Action(at: 5000, action: "adjust", amount: -60_000))
    let active = try store.activeRuns()
    #expect(active.count == 1)
    #expect(active.first?.parameters.map { "\($0.name)=\($0.value)" } == ["rounds=5"])
    #expect(
      active.first?.actions == [
        ActiveRun.Action(at: 2000, action: "pause"),
        ActiveRun.Action(at: 5000, action: "adjust", amount: -60_000),
      ])
    #expect(active.first?.heartbeatAt == 5000)
    try store.finishRun(run, session: session(1))
    #expect(try store.activeRuns().isEmpty)
    #expect(try store.sessions().count == 1)
    #expect(try store.database.scalarInteger("SELECT count(*) FROM run_actions") == 0)
  }

  @Test func aFailedWriteLeavesNothingHalfDone() throws {
    let store = try Store(path: path())
    let run = try store.beginRun(
      path: "gym.lua", source: [], hash: "abc", parameters: [], startedAt: 1000, pid: 1)
    var bad = session(1)
    bad.plannedMilliseconds = -5
    #expect(throws: StoreError.self) { try store.finishRun(run, session: bad) }
    #expect(try store.activeRuns().count == 1)
    #expect(try store.sessions().isEmpty)
  }

  @Test func settingsRoundTrip() throws {
    let store = try Store(path: path())
    try store.setSetting("volume", "40")
    try store.setSetting("volume", "50")
    try store.setSetting("style", "analogue")
    #expect(
      try store.settings().map { "\($0.key)=\($0.value)" } == ["style=analogue", "volume=50"])
    try store.setSetting("style", nil)
    #expect(try store.setting("style") == nil)
  }

  @Test func aReadOnlyFileCanBeReadButNotWritten() throws {
    let file = path()
    try Store(path: file).record(session(3))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file) }
    let reader = try Store(path: file, readOnly: true)
    #expect(try reader.sessions().count == 1)
    if getuid() != 0 {
      #expect(throws: StoreError.self) { try Store(path: file).setSetting("volume", "1") }
    }
  }

  @Test func aMigrationAnotherProcessHasAppliedMeanwhileIsSkipped() throws {
    // Two processes that open a new file at once both read version 0; the second to get the
    // write lock finds the steps applied and must not apply them again.
    let store = try Store(path: path())
    try Migrations.migrate(store.database, from: 0)
    #expect(try store.database.schemaVersion() == Migrations.latest)
    let recorded = try store.database.scalarInteger("SELECT count(*) FROM schema_migrations")
    #expect(recorded == Int64(Migrations.steps.count))
  }

  @Test func anExistingStoreForAMissingFileIsEmptyCreatesNothingAndRefusesWrites() throws {
    let file = path("missing/folder/cadence.db")
    let store = try Store.existing(path: file)
    #expect(try store.sessions().isEmpty)
    #expect(try store.settings().isEmpty)
    #expect(try store.coins.balance() == 0)
    #expect(throws: StoreError.readOnly(path: file)) { try store.setSetting("volume", "1") }
    #expect(!FileManager.default.fileExists(atPath: path("missing")))
  }

  @Test func anExistingStoreForAFileThatIsThereIsThatFile() throws {
    let file = path()
    try Store(path: file).record(session(3))
    let store = try Store.existing(path: file)
    #expect(try store.sessions().count == 1)
    try store.setSetting("volume", "40")
    #expect(try Store(path: file).setting("volume") == "40")
  }

  @Test func thePathFollowsFlagThenEnvironmentThenXDG() {
    #expect(Store.defaultPath(flag: "/a.db", environment: ["CADENCE_DB": "/b.db"]) == "/a.db")
    #expect(Store.defaultPath(flag: nil, environment: ["CADENCE_DB": "/b.db"]) == "/b.db")
    #expect(
      Store.defaultPath(flag: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/x"])
        == "/data/cadence/cadence.db")
    #expect(
      Store.defaultPath(flag: nil, environment: ["HOME": "/home/x"])
        == "/home/x/.local/share/cadence/cadence.db")
  }
}
