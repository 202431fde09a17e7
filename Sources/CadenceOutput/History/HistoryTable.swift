import CadenceCore
import CadenceStore
import CadenceText
import CadenceTime
import FoundationEssentials

/// `history`'s table: a row a session, oldest first, and a line of totals.
///
/// Its columns are as wide as their widest cell, which it learns before the first row from
/// what SQLite can tell without reading every session (how many, the longest times, the
/// distinct names), so that the rows are written as they are read, one in memory at a time.
public struct HistoryTable {
  static let heading = [
    "started", "kind", "routine", "task", "planned", "active", "outcome", "steps", "note",
  ]
  static let rightAligned: Set = [4, 5]

  let timeZone: Zone
  /// Each column's width, in characters as the terminal sees them.
  var widths: [Int]

  init(timeZone: Zone) {
    self.timeZone = timeZone
    widths = Self.heading.map { TerminalText.line($0).count }
  }

  /// Writes the table of the sessions matching `filter` to `out` as they are read; returns
  /// how many there were (none writes nothing).
  public static func write(
    _ table: SessionTable, _ filter: SessionFilter, timeZone: Zone, to out: ChunkedText
  ) throws(StoreError) -> Int {
    let extent = try table.extent(filter)
    guard extent.count > 0 else { return 0 }
    var layout = HistoryTable(timeZone: timeZone)
    try layout.measure(table, filter, extent)
    let output = OutputBytes()
    output.append(text: layout.line(heading))
    var offsets = Zone.OffsetCache(timeZone)
    var count = 0
    var active: Int64 = 0
    // Every line read before a failure to read on is handed on, as it was written.
    defer { output.handOn(to: out, all: true) }
    try table.eachStored(filter) { session in
      layout.write(session, offsets: &offsets, to: output)
      output.handOn(to: out)
      count += 1
      active = active.saturatingAdding(session.number(.active))
      return true
    }
    output.append(
      text:
        "\n  \(count) session\(count == 1 ? "" : "s"), \(DurationText.format(active / 1000 * 1000)) active\n"
    )
    output.handOn(to: out, all: true)
    out.flush()
    return count
  }

  /// Widens the columns to the widest cells of the sessions matching `filter`.
  mutating func measure(
    _ table: SessionTable, _ filter: SessionFilter, _ extent: SessionTable.Extent
  )
    throws(StoreError)
  {
    for start in [extent.firstStart, extent.lastStart].compactMap({ $0 }) {
      widen(0, Self.localTime(start, timeZone: timeZone))
    }
    // A clock's text grows with the time it shows, so the longest is the widest.
    widen(4, DurationText.clock(extent.longestPlanned))
    widen(5, DurationText.clock(extent.longestActive))
    // One read of the distinct combinations: each column's values are those of its own.
    try table.eachDistinct(
      ["routine", "task", "kind", "outcome", "resumed", "segments_done", "segments_skipped"], filter
    ) { session in
      let cells = self.cells(session)
      for column in [1, 2, 3, 6, 7] { widen(column, cells[column]) }
    }
    // The note is the last column: its padding would be trimmed from the line's end.
  }

  private mutating func widen(_ column: Int, _ cell: String) {
    widths[column] = max(widths[column], Self.width(TerminalText.line(cell)))
  }

  /// The terminal's columns `text` takes (``PlainText/width(_:)``), counted quickly when it is
  /// printable ASCII (a byte each).
  static func width(_ text: String) -> Int { PlainText.width(text) }

  /// A session's cells, before they are escaped for the terminal.
  func cells(_ session: SessionRecord) -> [String] {
    [
      Self.localTime(session.startedAt, timeZone: timeZone), session.kind.rawValue,
      Self.shortened(session.routine ?? ""), Self.shortened(session.task ?? ""),
      DurationText.clock(session.plannedMilliseconds),
      DurationText.clock(session.activeMilliseconds),
      session.outcome.rawValue + (session.resumed ? " (resumed)" : ""),
      "\(session.segmentsDone)"
        + (session.segmentsSkipped > 0 ? " +\(session.segmentsSkipped) skipped" : ""),
      Self.shortened(session.note ?? ""),
    ]
  }

  /// One line of the table: every cell escaped for the terminal and padded to its column,
  /// two spaces apart, indented by two, with no spaces at its end.
  func line(_ cells: [String]) -> String {
    let padded = cells.enumerated().map { column, cell in
      let shown = TerminalText.line(cell)
      let padding = String(repeating: " ", count: max(0, widths[column] - Self.width(shown)))
      return Self.rightAligned.contains(column) ? padding + shown : shown + padding
    }
    return "  " + padded.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
  }

  /// Text for the table, cut to what Cadence records (a note's 500 characters) with `…`: a
  /// row written into the database by hand may hold far more, which the table would take
  /// seconds to measure and lay out. `--json` and `--csv` keep every character.
  static func shortened(_ text: String) -> String {
    let limit = SessionRecord.maximumNoteLength
    guard text.utf8.count > limit else { return text }
    let kept = text.prefix(limit)
    return kept.endIndex == text.endIndex ? text : kept + "…"
  }

  /// `2026-11-30 09:05` on the zone's clocks.
  public static func localTime(_ date: Date, timeZone: Zone) -> String {
    let local = timeZone.local(date)
    return TimeFormat.date(local) + " " + TimeFormat.clock(local, seconds: false)
  }
}
