import FoundationEssentials

/// Reads of the sessions that answer what a command shows without loading the history: an
/// aggregate, the distinct values of a few columns, and a seek by time, each one query that
/// SQLite answers from the index on `started_at` where it can.
extension SessionTable {
  /// How many sessions match a filter, with the largest values that decide the width of a
  /// table's columns.
  public struct Extent: Sendable, Equatable {
    public var count: Int
    /// The earliest and the latest start (nil with no sessions).
    public var firstStart: Date?
    public var lastStart: Date?
    public var longestPlanned: Int64
    public var longestActive: Int64
  }

  /// The extent of the sessions matching `filter`: one aggregate query, and the first and the
  /// last start each a query of its own, which SQLite answers from the index on `started_at`
  /// (asked together, they cost a read of every row).
  public func extent(_ filter: SessionFilter = SessionFilter()) throws(StoreError) -> Extent {
    let (condition, values) = Self.conditions(filter)
    var extent = Extent(
      count: 0, firstStart: nil, lastStart: nil, longestPlanned: 0, longestActive: 0)
    try database.eachRow(
      """
      SELECT count(*) AS n, max(planned_ms) AS planned, max(active_ms) AS active
      FROM sessions \(condition)
      """, values
    ) { row in
      extent.count = Int(row.integer("n") ?? 0)
      extent.longestPlanned = row.integer("planned") ?? 0
      extent.longestActive = row.integer("active") ?? 0
      return false
    }
    guard extent.count > 0 else { return extent }
    for end in ["min", "max"] {
      try database.eachRow(
        "SELECT \(end)(started_at) AS start FROM sessions \(condition)", values
      ) { row in
        let start = Self.date(row.text("start"))
        if end == "min" { extent.firstStart = start } else { extent.lastStart = start }
        return false
      }
    }
    return extent
  }

  /// Hands each distinct combination of `columns` among the sessions matching `filter` to
  /// `body`, as a session with only those columns read (the others empty), in no set order.
  public func eachDistinct(
    _ columns: [String], _ filter: SessionFilter = SessionFilter(),
    _ body: (SessionRecord) throws(StoreError) -> Void
  ) throws(StoreError) {
    let known = Set(SessionRecord.columns)
    let chosen = columns.filter { known.contains($0) && $0 != "uuid" }
    guard !chosen.isEmpty else { return }
    let (condition, values) = Self.conditions(filter)
    try database.eachRow(
      "SELECT DISTINCT '' AS uuid, \(chosen.joined(separator: ", ")) FROM sessions \(condition)",
      values
    ) { (row) throws(StoreError) in
      try body(SessionRecord(row: row))
      return true
    }
  }

  /// The start of the first completed session that started at or after `instant` and after
  /// the stored start `after` (so that a reader stepping on with it always moves forward),
  /// with that stored start; nil when there is none.
  public func firstCompletedStart(atOrAfter instant: Date?, after: String?) throws(StoreError)
    -> (date: Date, stored: String)?
  {
    var found: (date: Date, stored: String)?
    try database.eachRow(
      """
      SELECT started_at FROM sessions
      WHERE started_at >= ?1 AND started_at > ?2 AND outcome = 'completed'
      ORDER BY started_at LIMIT 1
      """, [.text(instant.map(Timestamp.string) ?? ""), .text(after ?? "")]
    ) { row in
      let stored = row.text("started_at") ?? ""
      found = (date: Self.date(stored), stored: stored)
      return false
    }
    return found
  }

  /// A stored start as a date; the start of 1970 for text that is not a time, as a record reads it.
  static func date(_ text: String?) -> Date {
    Timestamp.date(text ?? "") ?? Date(timeIntervalSince1970: 0)
  }
}
