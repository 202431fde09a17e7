import FoundationEssentials

/// The `sessions` table: every finished routine, timer, focus and break.
public struct SessionTable {
  let database: Database

  /// Saves `session`, and the coins it earned as a transaction in the ledger, together.
  @discardableResult
  public func record(_ session: SessionRecord) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in try insert(session) }
  }

  /// Inserts inside the caller's transaction.
  func insert(_ session: SessionRecord) throws(StoreError) -> Int64 {
    let id = try database.insert(session)
    if session.coins > 0 {
      try CoinLedger(database: database).insert(
        CoinTransaction(
          at: session.endedAt, kind: .earn, amount: Int64(session.coins),
          reason: CoinTransaction.reason(for: session), sessionUUID: session.uuid))
    }
    return id
  }

  /// Sessions matching `filter`, oldest first.
  public func all(_ filter: SessionFilter = SessionFilter()) throws(StoreError) -> [SessionRecord] {
    let (clause, values) = Self.clause(filter)
    return try database.select(SessionRecord.self, clause, values)
  }

  /// Hands each session matching `filter` to `body`, oldest first, as it is read: one at a
  /// time, so that a history of any length is written out in memory that does not grow with
  /// it. `body` returns false to stop.
  public func each(
    _ filter: SessionFilter = SessionFilter(), _ body: (SessionRecord) throws(StoreError) -> Bool
  ) throws(StoreError) {
    let (clause, values) = Self.clause(filter)
    try database.eachRow(SessionRecord.select + " " + clause, values) {
      (row) throws(StoreError) in try body(SessionRecord(row: row))
    }
  }

  /// Hands each session matching `filter` to `body`, oldest first, as its stored columns
  /// (``StoredSession``), valid only during the call: for a writer that copies them out
  /// without making a record of each. `body` returns false to stop.
  public func eachStored(
    _ filter: SessionFilter = SessionFilter(),
    _ body: (StoredSession) throws(StoreError) -> Bool
  ) throws(StoreError) {
    let (clause, values) = Self.clause(filter)
    let statement = try Statement(database: database, sql: SessionRecord.select + " " + clause)
    try statement.bind(values)
    let columns = statement.columnIndexes()
    while try statement.step() {
      let row = Row(statement: statement, columns: columns)
      guard try body(StoredSession(statement: statement, row: row)) else { return }
    }
  }

  /// The WHERE and ORDER BY of a read of `filter`, with its values.
  private static func clause(_ filter: SessionFilter) -> (String, [SQLValue]) {
    let (condition, values) = Self.conditions(filter)
    return (condition + " ORDER BY started_at, id", values)
  }

  /// The WHERE of a read of `filter` (empty when it takes every session), with its values.
  static func conditions(_ filter: SessionFilter) -> (String, [SQLValue]) {
    var conditions: [String] = []
    var values: [SQLValue] = []
    if let since = filter.since {
      values.append(.text(Timestamp.string(since)))
      conditions.append("started_at >= ?\(values.count)")
    }
    if let before = filter.before {
      values.append(.text(Timestamp.string(before)))
      conditions.append("started_at < ?\(values.count)")
    }
    if let routine = filter.routine {
      values.append(.text(routine))
      conditions.append("routine = ?\(values.count) COLLATE NOCASE")
    }
    if let task = filter.task {
      values.append(.text(task))
      conditions.append("task = ?\(values.count) COLLATE NOCASE")
    }
    return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), values)
  }

  /// The session with the id `uuid`.
  public func session(uuid: String) throws(StoreError) -> SessionRecord? {
    try database.select(SessionRecord.self, "WHERE uuid = ?1", [.text(uuid)]).first
  }

  /// The sessions whose id starts with `prefix`, at most `limit` (to tell one from several).
  public func sessions(idStartingWith prefix: String, limit: Int) throws(StoreError)
    -> [SessionRecord]
  {
    try database.select(
      SessionRecord.self, "WHERE substr(uuid, 1, length(?1)) = ?1 LIMIT ?2",
      [.text(prefix), .integer(Int64(limit))])
  }

  /// The last `limit` sessions finished, newest first.
  public func last(_ limit: Int) throws(StoreError) -> [SessionRecord] {
    try database.select(
      SessionRecord.self, "ORDER BY ended_at DESC, id DESC LIMIT ?1", [.integer(Int64(limit))])
  }

  /// Sets the note of the session with `uuid` (a task's session, noted after its break);
  /// false when there is no such session.
  @discardableResult
  public func setNote(_ note: String?, uuid: String) throws(StoreError) -> Bool {
    try database.transaction { () throws(StoreError) in
      try database.run(
        "UPDATE sessions SET note = ?2 WHERE uuid = ?1", [.text(uuid), .optional(note)])
      return try database.scalarInteger("SELECT changes()") ?? 0 > 0
    }
  }

  /// Adds the sessions whose ids are not here yet; returns how many were added. All or none,
  /// in one transaction with each statement prepared once, so that a large import takes
  /// time in proportion to its size. A session already here, and the coins a session has
  /// already earned, are left as they are: the unique indexes on their ids say so, with no
  /// look-up of their own.
  public func merge(_ sessions: [SessionRecord]) throws(StoreError) -> Int {
    try database.transaction { () throws(StoreError) in
      let insertSession = try Statement(
        database: database, sql: SessionRecord.insert + " ON CONFLICT (uuid) DO NOTHING")
      let insertCoins = try Statement(database: database, sql: Self.earned(where: "uuid = ?1"))
      // Each session added takes the id after the largest (SQLite's rule, while the ids have
      // room left), so the coins of all of them are earned at the end, in one statement.
      let before = try database.scalarInteger("SELECT MAX(id) FROM sessions") ?? 0
      let atTheEnd = before <= Int64.max - Int64(sessions.count)
      var added = 0
      for session in sessions {
        let changes = database.totalChanges
        try insertSession.bind(session.values)
        while try insertSession.step() {}
        guard database.totalChanges != changes else { continue }
        if !atTheEnd, session.coins > 0 {
          try insertCoins.bind([.text(session.uuid)])
          while try insertCoins.step() {}
        }
        added += 1
      }
      if atTheEnd, added > 0 {
        try database.run(Self.earned(where: "id > ?1"), [.integer(before)])
      }
      return added
    }
  }

  /// The coins the sessions `condition` picks earned, as the coin transactions a run records
  /// for them (``CoinTransaction/reason(for:)`` written in SQL); none twice for one session.
  static func earned(where condition: String) -> String {
    """
    INSERT INTO coin_transactions (at, kind, amount, reason, session_uuid)
    SELECT ended_at, 'earn', coins, kind || COALESCE(': ' || COALESCE(task, routine), ''), uuid
    FROM sessions WHERE \(condition) AND coins > 0 ORDER BY id
    ON CONFLICT (session_uuid) DO NOTHING
    """
  }
}
