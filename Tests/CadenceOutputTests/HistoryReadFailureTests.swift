import CadenceStore
import CadenceTestSupport
import CadenceText
import CadenceTime
import Foundation
import Testing

@testable import CadenceOutput

/// A read of the history that fails part-way (a database damaged after some rows): each of
/// `history`'s writers hands on every row it read before the failure, exactly as it wrote
/// it, and then reports the failure; none keeps back the rows it had not yet handed on.
@Suite struct HistoryReadFailureTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("history-read-failure").created() }

  /// A database of 400 sessions whose last quarter of pages is overwritten with garbage, so
  /// that a read in order of start gets some way before it fails; and an intact copy.
  func databases() throws -> (damaged: SessionTable, intact: SessionTable, read: Int) {
    let intact = folder.path("intact.db")
    let store = try Store(path: intact)
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    for index in 0..<400 {
      let began = start.addingTimeInterval(Double(index) * 3600)
      try store.record(
        SessionRecord(
          kind: .focus, routine: "Routine \(index)", task: "Task, \"\(index)\"",
          startedAt: began, endedAt: began.addingTimeInterval(1500),
          plannedMilliseconds: 1_500_000, activeMilliseconds: 1_500_000, outcome: .completed,
          segmentsDone: 1, note: String(repeating: "n", count: 100)))
    }
    try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let damaged = folder.path("damaged.db")
    try FileManager.default.copyItem(atPath: intact, toPath: damaged)
    try DatabaseDamage.overwriteLastQuarter(of: damaged)
    let table = try Store(path: damaged).sessionTable
    // How far a read gets before it fails: the rows every writer must hand on.
    var read = 0
    #expect(throws: StoreError.self) {
      try table.eachStored { _ in
        read += 1
        return true
      }
    }
    try #require(read > 10 && read < 400, "read \(read)")
    return (table, store.sessionTable, read)
  }

  /// What `write` hands on, and whether it threw.
  static func written(_ write: (ChunkedText) throws(StoreError) -> Void) -> (String, Bool) {
    var threw = false
    let text = ChunkedText.collect { out in
      do throws(StoreError) { try write(out) } catch { threw = true }
    }
    return (text, threw)
  }

  @Test func jsonHandsOnEveryObjectReadBeforeTheFailure() throws {
    let (damaged, intact, read) = try databases()
    let (text, threw) = Self.written { out throws(StoreError) in
      try SessionJSON.writeArray(damaged, SessionFilter(), to: out)
    }
    #expect(threw)
    let objects = try intact.all().prefix(read).map { String(SessionJSON.line($0).dropLast()) }
    let expected = "[" + objects.joined(separator: ",")
    #expect(text == expected, "\(text.utf8.count) bytes of \(expected.utf8.count)")
  }

  @Test(arguments: [false, true]) func csvHandsOnEveryRecordReadBeforeTheFailure(terminal: Bool)
    throws
  {
    let (damaged, intact, read) = try databases()
    let (text, threw) = Self.written { out throws(StoreError) in
      try SessionCSV.write(damaged, SessionFilter(), forTerminal: terminal, to: out)
    }
    #expect(threw)
    let records = Array(try intact.all().prefix(read))
    let expected = SessionCSV.text(records, forTerminal: terminal)
    #expect(text == expected, "\(text.utf8.count) bytes of \(expected.utf8.count)")
  }

  /// The table measures every row before it writes one, so it fails before its first line:
  /// what it hands on is a part of the whole table that ends at a line's end, if anything.
  @Test func theTableHandsOnWholeLinesOnly() throws {
    let (damaged, intact, _) = try databases()
    let (text, threw) = Self.written { out throws(StoreError) in
      _ = try HistoryTable.write(damaged, SessionFilter(), timeZone: .utc, to: out)
    }
    #expect(threw)
    let whole = ChunkedText.collect { out in
      _ = try? HistoryTable.write(intact, SessionFilter(), timeZone: .utc, to: out)
    }
    #expect(whole.hasPrefix(text))
    #expect(text.isEmpty || text.hasSuffix("\n"))
  }
}
