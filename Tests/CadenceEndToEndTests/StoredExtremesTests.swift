import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Whatever the database holds, however it got there (rows written by hand, with its checks
/// turned off), no command that reads it stops on it: totals saturate instead of
/// overflowing, and a session dated in the future is in no recent day.
@Suite(.timeLimit(.minutes(10))) struct StoredExtremesTests {
  let folder = TemporaryFolder("extremes").url

  /// A database with an ordinary session, then rows no command would write: the largest and
  /// smallest whole numbers in every number column, a session in year 9999, a task whose
  /// priority and days are out of range, and a ledger that overflows.
  func extremeDatabase() throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("extreme.db").path
    let now = Date()
    try Store(path: path).record(
      SessionRecord(
        kind: .focus, routine: nil, task: "Essay", tags: ["uni"],
        startedAt: now.addingTimeInterval(-3600), endedAt: now.addingTimeInterval(-2100),
        plannedMilliseconds: 1_500_000, activeMilliseconds: 1_500_000, outcome: .completed,
        coins: 25))
    let day = String(Timestamp.string(now).prefix(10))
    let database = try Database(path: path)
    try database.execute(
      """
      PRAGMA ignore_check_constraints = ON;
      INSERT INTO sessions (uuid, kind, task, tags, started_at, ended_at, planned_ms, active_ms,
        outcome, segments_done, segments_skipped, pauses, coins, resumed)
      VALUES
        ('a', 'focus', 'Essay', 'uni', '\(day)T00:00:01.000Z', '\(day)T00:00:02.000Z',
         9223372036854775807, 9223372036854775807, 'completed', 9223372036854775807,
         9223372036854775807, 9223372036854775807, 9223372036854775807, 1),
        ('b', 'routine', 'Essay', 'uni', '\(day)T00:00:03.000Z', '\(day)T00:00:04.000Z',
         9223372036854775807, 9223372036854775807, 'stopped', -9223372036854775808,
         -9223372036854775808, -9223372036854775808, -9223372036854775808, 0),
        ('c', 'timer', NULL, NULL, '\(day)T00:00:05.000Z', '\(day)T00:00:06.000Z',
         -9223372036854775808, -9223372036854775808, 'completed', 0, 0, 0, 0, 0),
        ('d', 'focus', 'Essay', NULL, '9999-12-31T23:00:00.000Z', '9999-12-31T23:59:59.999Z',
         9223372036854775807, 9223372036854775807, 'completed', 1, 0, 0, 1, 0);
      INSERT INTO coin_transactions (at, kind, amount, reason)
      VALUES ('\(day)T00:00:00.000Z', 'earn', 9223372036854775807, 'hand'),
        ('\(day)T00:00:00.000Z', 'earn', 9223372036854775807, 'hand');
      INSERT INTO tasks (name, priority, weekdays, length_ms, created_at)
      VALUES ('High', 9223372036854775807, 9223372036854775807, 9223372036854775807,
          '\(day)T00:00:00.000Z'),
        ('Low', -9223372036854775808, -1, -9223372036854775808, '\(day)T00:00:00.000Z');
      """)
    return path
  }

  @Test(arguments: [
    ["stats"], ["stats", "--days", "3660"], ["history"], ["history", "--json"],
    ["history", "--csv"], ["history", "--since", "7d"], ["today"], ["today", "--by", "deadline"],
    ["task", "list"], ["task", "list", "--json"], ["goal", "list"], ["shop"],
  ])
  func noStoredValueStopsACommand(_ arguments: [String]) throws {
    let path = try extremeDatabase()
    let output = try CadenceProcess.run(arguments + ["--db", path])
    #expect(output.status == 0, "\(arguments): \(output.standardError)")
    #expect(output.standardError.isEmpty, "\(arguments): \(output.standardError)")
  }

  @Test func aNoteOfTenMillionCharactersIsCutInTheTableAndKeptInTheExport() throws {
    let path = try extremeDatabase()
    try Database(path: path).execute(
      "UPDATE sessions SET note = printf('%.*c', 10000000, 'n') WHERE uuid = 'a'")
    let started = Date()
    let table = try CadenceProcess.run(["history", "--db", path])
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(table.status == 0, "\(table.standardError)")
    #expect(table.standardOutput.contains(String(repeating: "n", count: 500) + "…"))
    #expect(table.standardOutput.utf8.count < 10_000)
    let json = try CadenceProcess.run(["history", "--json", "--db", path])
    #expect(json.standardOutput.contains(String(repeating: "n", count: 10_000_000)))
  }

  @Test func totalsSaturateAndTheFutureIsNoRecentDay() throws {
    let path = try extremeDatabase()
    let stats = try CadenceProcess.run(["stats", "--db", path])
    #expect(stats.status == 0, "\(stats.standardError)")
    // The 9999 session is not among the last 14 days; the four of today are.
    #expect(stats.standardOutput.hasPrefix("Last 14 days: 4 sessions, "), "\(stats.standardOutput)")
    #expect(stats.standardOutput.contains("Coins: 9223372036854775807"), "\(stats.standardOutput)")
    let history = try CadenceProcess.run(["history", "--db", path])
    #expect(history.status == 0, "\(history.standardError)")
    #expect(history.standardOutput.contains("5 sessions, "), "\(history.standardOutput)")
  }
}
