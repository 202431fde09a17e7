import CadenceCore
import CadenceStore
import CadenceSystem
import CadenceTestSupport
import CadenceText
import CadenceTime
import Foundation
import Testing

@testable import CadenceOutput

/// `history`, `--json` and `--csv` write the stored columns straight through: byte for byte
/// what the writers of records (``SessionJSON/line(_:)``, ``SessionCSV/record(_:forTerminal:)``,
/// the table's cells) make of the same rows, whatever the text holds, in any zone, for rows
/// Cadence saved and rows written into the database by hand.
@Suite struct HistoryWritersTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("cadence-history-writers-\(UUID().uuidString)")

  static let texts = [
    "plain", "", " ", "  spaced  ", "a\u{0}b", "line one\nline two\r\nthree", "tab\there",
    "\u{1B}[2J\u{1B}]0;pwned\u{7}", "\u{9B}31m", "\u{85}next\u{7F}", "\u{202E}evil\u{202C}",
    "\u{2066}iso\u{2069}\u{200E}\u{200F}\u{061C}", "\u{2028}\u{2029}", "say \"hi\" \\ back /",
    "=1+2", "+1", "-rf", "@SUM(A1)", "a,b", "\"quoted\"", "🏋️ gym 👩‍👩‍👧", "茶 tea", "é e\u{301}",
    "\u{600} ", "x\u{600}  ", ",\u{301}a", " a , ,b ", "\u{FEFF}bom", "\u{FFFD}",
    String(repeating: "n", count: 600), String(repeating: "é", count: 300),
    String(repeating: "ü", count: 501) + " ", String(repeating: "w ", count: 260),
  ]

  /// Sessions of every kind and outcome holding each text somewhere, starting on either side
  /// of London's and New York's changes of clocks in 2026 and at the ends of the calendar.
  static func sessions() -> [SessionRecord] {
    let starts: [Double] = [
      1_774_742_400, 1_774_746_000, 1_792_889_000, 1_792_890_000, 1_772_953_199, 1_793_512_800,
      0, 253_402_300_799.999, 1_790_000_000.0004, 1_790_000_000.9996,
    ]
    let count = texts.count
    return (0..<count * 3).map { index in
      let text = { (shift: Int) in texts[(index + shift) % count] }
      let began = Date(timeIntervalSince1970: starts[index % starts.count] + Double(index) * 61)
      let active: [Int64] = [0, 999, 59_999, 3_600_000, 36_000_000_000, 1_500_500]
      return SessionRecord(
        kind: SessionRecord.Kind.allCases[index % 4], routine: index % 5 == 0 ? nil : text(0),
        task: index % 7 == 0 ? nil : text(1), goal: index % 3 == 0 ? nil : text(2),
        tags: index % 4 == 0 ? [] : [text(3), "uni"], startedAt: began,
        endedAt: began.addingTimeInterval(1500.25), plannedMilliseconds: active[(index + 1) % 6],
        activeMilliseconds: active[index % 6], outcome: index % 2 == 0 ? .completed : .stopped,
        segmentsDone: index, segmentsSkipped: index % 3, pauses: index % 4,
        note: index % 6 == 0 ? nil : text(4), coins: index % 5, resumed: index % 3 == 1)
    }
  }

  /// A database of `sessions` at `file`.
  static func database(_ sessions: [SessionRecord], in file: URL) throws -> SessionTable {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let store = try Store(path: file.path)
    for session in sessions { try store.record(session) }
    return store.sessionTable
  }

  /// A database with ``sessions()`` saved and the hand-written rows, and what its records read.
  func database() throws -> (SessionTable, [SessionRecord]) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try Store(path: folder.appendingPathComponent("history.db").path)
    for session in Self.sessions() { try store.record(session) }
    try store.database.execute(HostileSessionRows.sql)
    let records = try store.sessionTable.all()
    #expect(records.count == Self.sessions().count + HostileSessionRows.count)
    return (store.sessionTable, records)
  }

  @Test func jsonIsTheRecordsObjectsByteForByte() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (table, records) = try database()
    var pieces = 0
    var written = ""
    let out = ChunkedText {
      pieces += 1
      written += $0
    }
    try SessionJSON.writeArray(table, SessionFilter(), to: out)
    let expected =
      "[" + records.map { String(SessionJSON.line($0).dropLast()) }.joined(separator: ",") + "]\n"
    #expect(pieces > 1)
    let same = Self.same(written, expected)
    #expect(same, "\(Self.difference(written, expected))")
    let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [[String: Any]]
    #expect(parsed?.count == records.count)
  }

  @Test(arguments: [false, true]) func csvIsTheRecordsRecordsByteForByte(terminal: Bool) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (table, records) = try database()
    let written = ChunkedText.collect { out in
      try? SessionCSV.write(table, SessionFilter(), forTerminal: terminal, to: out)
    }
    let expected = SessionCSV.text(records, forTerminal: terminal)
    let same = Self.same(written, expected)
    #expect(same, "\(Self.difference(written, expected))")
  }

  /// The table as it was written from records: each line ``HistoryTable/line(_:)`` of the
  /// record's cells, laid out with the widths the table measures beforehand.
  static func recordTable(_ table: SessionTable, _ records: [SessionRecord], zone: Zone) throws
    -> String
  {
    var layout = HistoryTable(timeZone: zone)
    try layout.measure(table, SessionFilter(), try table.extent())
    let total = records.saturatingSum(\.activeMilliseconds)
    return records.reduce(layout.line(HistoryTable.heading)) { $0 + layout.line(layout.cells($1)) }
      + "\n  \(records.count) sessions, \(DurationText.format(total / 1000 * 1000)) active\n"
  }

  @Test(arguments: ["UTC", "Europe/London", "EST5EDT,M3.2.0,M11.1.0", "Australia/Lord_Howe"])
  func theTableIsTheRecordsTableByteForByte(zone name: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let zone = try #require(Zone(named: name, files: .system) ?? Zone(posixRule: name))
    let (table, records) = try database()
    let written = ChunkedText.collect { out in
      _ = try? HistoryTable.write(table, SessionFilter(), timeZone: zone, to: out)
    }
    let expected = try Self.recordTable(table, records, zone: zone)
    let same = Self.same(written, expected)
    #expect(same, "\(Self.difference(written, expected))")
    // Both sides of a change of clocks are in it, on the zone's clocks.
    if name == "Europe/London" {
      #expect(written.contains("2026-03-29 00:00") && written.contains("2026-03-29 02:01"))
    }
    // Without the rows written by hand, it is the table laid out from every row at once.
    let saved = try Self.database(Self.sessions(), in: folder.appendingPathComponent("saved.db"))
    let whole = ChunkedText.collect { out in
      _ = try? HistoryTable.write(saved, SessionFilter(), timeZone: zone, to: out)
    }
    let reference = HistoryTableTests.reference(try saved.all(), timeZone: zone)
    let laidOut = Self.same(whole, reference)
    #expect(laidOut, "\(Self.difference(whole, reference))")
  }

  /// Whether two texts are the same bytes (`==` on strings allows equivalent forms).
  static func same(_ written: String, _ expected: String) -> Bool {
    Array(written.utf8) == Array(expected.utf8)
  }

  /// The first line that differs, as written and as expected.
  static func difference(_ written: String, _ expected: String) -> String {
    let lines = (written.split(separator: "\n"), expected.split(separator: "\n"))
    for (one, other) in zip(lines.0, lines.1) where !same(String(one), String(other)) {
      let words = { (line: Substring) in
        line.split(separator: " ", omittingEmptySubsequences: false).map(\.count)
      }
      return
        "written \(one.debugDescription) \(words(one)), expected \(other.debugDescription) \(words(other))"
    }
    return "\(lines.0.count) lines written, \(lines.1.count) expected"
  }
}
