import CSQLite
import FoundationEssentials

/// One stored session as its columns read, for a writer that copies them straight out
/// (`history`, `--json`, `--csv`) without making a ``SessionRecord`` of each row: every value
/// is the one the record made from the same row holds, read from SQLite's own bytes when the
/// row holds it in the form Cadence writes (the case of every row Cadence saved), and made as
/// the record makes it otherwise (a row written by hand, a timestamp with an offset).
///
/// Valid only inside the call it is handed to: its bytes are SQLite's, until the next step.
public struct StoredSession {
  let statement: Statement
  let row: Row

  /// A column read as text.
  public enum Text: Int32, Sendable, CaseIterable {
    // The positions in `SessionRecord.select`: the row id, then `SessionRecord.columns`.
    case uuid = 1
    case kind = 2
    case routine = 3
    case task = 5
    case goal = 6
    case tags = 7
    case startedAt = 8
    case endedAt = 9
    case outcome = 12
    case note = 16

    var name: String { SessionRecord.columns[Int(rawValue) - 1] }
  }

  /// A column read as a whole number.
  public enum Number: Int32, Sendable, CaseIterable {
    case planned = 10
    case active = 11
    case segmentsDone = 13
    case segmentsSkipped = 14
    case pauses = 15
    case coins = 17

    var name: String { SessionRecord.columns[Int(rawValue) - 1] }
  }

  static let resumedColumn: Int32 = 18

  /// Hands `body` the UTF-8 bytes of the text the record of this row holds in `column` (nil
  /// when it holds none). A text column's bytes are as stored: `String(decoding:as:)` of them
  /// is the record's text, invalid UTF-8 repaired as it repairs it. The kind and the outcome
  /// are their names, the tags the record's joined by commas, and the times
  /// ``Timestamp/string(_:)`` of the record's dates.
  public func withText<Result>(
    _ column: Text, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
  ) -> Result {
    let index = column.rawValue
    let type = sqlite3_column_type(statement.handle, index)
    if type == SQLITE_TEXT, let start = sqlite3_column_text(statement.handle, index) {
      let bytes = UnsafeBufferPointer(
        start: start, count: Int(sqlite3_column_bytes(statement.handle, index)))
      if Self.isCanonical(bytes, column) { return body(bytes) }
    } else if type == SQLITE_NULL {
      switch column {
      case .routine, .task, .goal, .note: return body(nil)
      case .tags: return body(UnsafeBufferPointer(start: nil, count: 0))
      default: break
      }
    }
    guard var text = slowText(column) else { return body(nil) }
    return text.withUTF8 { body($0) }
  }

  /// The whole number the record of this row holds in `column`.
  public func number(_ column: Number) -> Int64 {
    let index = column.rawValue
    if sqlite3_column_type(statement.handle, index) == SQLITE_INTEGER {
      return sqlite3_column_int64(statement.handle, index)
    }
    return row.integer(column.name) ?? 0
  }

  /// Whether the run was resumed after its process died.
  public var resumed: Bool {
    if sqlite3_column_type(statement.handle, Self.resumedColumn) == SQLITE_INTEGER {
      return sqlite3_column_int64(statement.handle, Self.resumedColumn) != 0
    }
    return row.bool("resumed")
  }

  /// Milliseconds since 1970 of the record's start (``Timestamp/milliseconds(_:)`` of it).
  public var startMilliseconds: Int64 {
    let index = Text.startedAt.rawValue
    if sqlite3_column_type(statement.handle, index) == SQLITE_TEXT,
      let start = sqlite3_column_text(statement.handle, index)
    {
      let bytes = UnsafeBufferPointer(
        start: start, count: Int(sqlite3_column_bytes(statement.handle, index)))
      if let milliseconds = Timestamp.canonicalMilliseconds(bytes) { return milliseconds }
    }
    return Timestamp.milliseconds(SessionTable.date(row.text("started_at")))
  }

  /// The record this row makes, whole (for a writer's rare row that its fast path leaves).
  public var record: SessionRecord { SessionRecord(row: row) }

  /// Whether stored text is already what the record holds in `column`, byte for byte.
  static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>, _ column: Text) -> Bool {
    switch column {
    case .uuid, .routine, .task, .goal, .note: return true
    case .kind:
      return Self.equal(bytes, "focus") || Self.equal(bytes, "break")
        || Self.equal(bytes, "timer") || Self.equal(bytes, "routine")
    case .outcome: return Self.equal(bytes, "completed") || Self.equal(bytes, "stopped")
    case .startedAt, .endedAt: return Timestamp.canonicalMilliseconds(bytes) != nil
    case .tags: return TagList.isCanonical(bytes)
    }
  }

  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    text.withUTF8Buffer { $0.count == bytes.count && $0.elementsEqual(bytes) }
  }

  /// The record's text in `column`, made as the record makes it.
  private func slowText(_ column: Text) -> String? {
    switch column {
    case .uuid, .routine, .task, .goal, .note:
      // The record gives a row without an id a new one.
      let text = row.text(column.name)
      return column == .uuid ? text ?? SessionRecord.newUUID() : text
    case .kind: return (SessionRecord.Kind(rawValue: row.text("kind") ?? "") ?? .routine).rawValue
    case .outcome:
      return (SessionRecord.Outcome(rawValue: row.text("outcome") ?? "") ?? .stopped).rawValue
    case .startedAt, .endedAt: return Timestamp.string(SessionTable.date(row.text(column.name)))
    case .tags: return TagList.split(row.text("tags")).joined(separator: ",")
    }
  }
}
