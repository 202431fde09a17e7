import Foundation

/// Cadence's records: sessions, settings and runs in progress, over one database connection.
/// Not thread-safe: use it from one thread or queue at a time.
public final class Store {
  public let database: Database

  public init(path: String, readOnly: Bool = false) throws(StoreError) {
    database = try Database(path: path, readOnly: readOnly)
  }

  public var path: String { database.path }

  /// False once the database file has been deleted or replaced under this connection.
  public var isStillInPlace: Bool { database.isStillInPlace }

  /// The database path: `--db`, else `$CADENCE_DB`, else `$XDG_DATA_HOME/cadence/cadence.db`
  /// (`~/.local/share/cadence/cadence.db`).
  public static func defaultPath(flag: String?, environment: [String: String]) -> String {
    if let flag, !flag.isEmpty { return flag }
    if let path = environment["CADENCE_DB"], !path.isEmpty { return path }
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
    return data + "/cadence/cadence.db"
  }

  // MARK: Sessions

  @discardableResult
  public func record(_ session: SessionRecord) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      try insert(session)
    }
  }

  func insert(_ session: SessionRecord) throws(StoreError) -> Int64 {
    try database.run(
      """
      INSERT INTO sessions (kind, routine, routine_hash, task, tags, started_at, ended_at,
        planned_ms, active_ms, outcome, segments_done, segments_skipped, pauses, note, coins,
        resumed)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
      """,
      [
        .text(session.kind.rawValue), .optional(session.routine), .optional(session.routineHash),
        .optional(session.task),
        .optional(session.tags.isEmpty ? nil : session.tags.joined(separator: ",")),
        .text(Timestamp.string(session.startedAt)), .text(Timestamp.string(session.endedAt)),
        .integer(session.plannedMilliseconds), .integer(session.activeMilliseconds),
        .text(session.outcome.rawValue), .integer(Int64(session.segmentsDone)),
        .integer(Int64(session.segmentsSkipped)), .integer(Int64(session.pauses)),
        .optional(session.note), .integer(Int64(session.coins)), .integer(session.resumed ? 1 : 0),
      ])
    return database.lastInsertedRow
  }

  public func sessions(_ filter: SessionFilter = SessionFilter()) throws(StoreError)
    -> [SessionRecord]
  {
    var conditions: [String] = []
    var values: [SQLValue] = []
    if let since = filter.since {
      values.append(.text(Timestamp.string(since)))
      conditions.append("started_at >= ?\(values.count)")
    }
    if let routine = filter.routine {
      values.append(.text(routine))
      conditions.append("routine = ?\(values.count) COLLATE NOCASE")
    }
    if let task = filter.task {
      values.append(.text(task))
      conditions.append("task = ?\(values.count) COLLATE NOCASE")
    }
    let clause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    return try database.query(
      """
      SELECT id, kind, routine, routine_hash, task, tags, started_at, ended_at, planned_ms,
        active_ms, outcome, segments_done, segments_skipped, pauses, note, coins, resumed
      FROM sessions\(clause) ORDER BY started_at, id
      """, values
    ) { row in
      SessionRecord(
        id: row.integer(0), kind: SessionRecord.Kind(rawValue: row.text(1) ?? "") ?? .routine,
        routine: row.text(2), routineHash: row.text(3), task: row.text(4),
        tags: (row.text(5) ?? "").split(separator: ",").map(String.init),
        startedAt: Timestamp.date(row.text(6) ?? "") ?? Date(timeIntervalSince1970: 0),
        endedAt: Timestamp.date(row.text(7) ?? "") ?? Date(timeIntervalSince1970: 0),
        plannedMilliseconds: row.integer(8), activeMilliseconds: row.integer(9),
        outcome: SessionRecord.Outcome(rawValue: row.text(10) ?? "") ?? .stopped,
        segmentsDone: Int(row.integer(11)), segmentsSkipped: Int(row.integer(12)),
        pauses: Int(row.integer(13)), note: row.text(14), coins: Int(row.integer(15)),
        resumed: row.integer(16) != 0)
    }
  }

  // MARK: Settings

  public func setting(_ key: String) throws(StoreError) -> String? {
    try database.scalarText("SELECT value FROM settings WHERE key = ?1", [.text(key)])
  }

  public func setSetting(_ key: String, _ value: String?) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      if let value {
        try database.run(
          "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
          [.text(key), .text(value)])
      } else {
        try database.run("DELETE FROM settings WHERE key = ?1", [.text(key)])
      }
    }
  }

  public func settings() throws(StoreError) -> [(key: String, value: String)] {
    try database.query("SELECT key, value FROM settings ORDER BY key") {
      ($0.text(0) ?? "", $0.text(1) ?? "")
    }
  }

  // MARK: Runs in progress

  public func beginRun(
    path: String, source: [UInt8], hash: String, parameters: [(name: String, value: String)],
    startedAt: Int64, pid: Int32
  ) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      try database.run(
        """
        INSERT INTO active_runs (routine_path, routine_source, routine_hash, parameters,
          started_at_ms, pid, heartbeat_at_ms)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?5)
        """,
        [
          .text(path), .text(String(decoding: source, as: UTF8.self)), .text(hash),
          .text(parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")),
          .integer(startedAt), .integer(Int64(pid)),
        ])
      return database.lastInsertedRow
    }
  }

  public func recordAction(run: Int64, _ action: ActiveRun.Action) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try database.run(
        "INSERT INTO run_actions (run_id, at_ms, action, amount_ms) VALUES (?1, ?2, ?3, ?4)",
        [.integer(run), .integer(action.at), .text(action.action), .optional(action.amount)])
      try database.run(
        "UPDATE active_runs SET heartbeat_at_ms = ?2 WHERE id = ?1",
        [.integer(run), .integer(action.at)])
    }
  }

  public func heartbeat(run: Int64, at: Int64) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try database.run(
        "UPDATE active_runs SET heartbeat_at_ms = ?2 WHERE id = ?1", [.integer(run), .integer(at)])
    }
  }

  /// Records the session and forgets the run, together: either both happen or neither.
  @discardableResult
  /// Records `session` and forgets `run` in one transaction: both or neither. `midway` runs
  /// between the two writes (tests kill the process there).
  public func finishRun(
    _ run: Int64?, session: SessionRecord, midway: (() -> Void)? = nil
  ) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      let id = try insert(session)
      midway?()
      if let run { try database.run("DELETE FROM active_runs WHERE id = ?1", [.integer(run)]) }
      return id
    }
  }

  public func forgetRun(_ run: Int64) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try database.run("DELETE FROM active_runs WHERE id = ?1", [.integer(run)])
    }
  }

  public func activeRuns() throws(StoreError) -> [ActiveRun] {
    let runs = try database.query(
      """
      SELECT id, routine_path, routine_source, routine_hash, parameters, started_at_ms, pid,
        heartbeat_at_ms
      FROM active_runs ORDER BY started_at_ms
      """
    ) { row in
      ActiveRun(
        id: row.integer(0), routinePath: row.text(1) ?? "",
        routineSource: Array((row.text(2) ?? "").utf8), routineHash: row.text(3) ?? "",
        parameters: (row.text(4) ?? "").split(separator: "\n").compactMap { line in
          guard let equals = line.firstIndex(of: "=") else { return nil }
          return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        },
        startedAt: row.integer(5), pid: Int32(row.integer(6)), heartbeatAt: row.integer(7),
        actions: [])
    }
    var filled: [ActiveRun] = []
    for var run in runs {
      run.actions = try database.query(
        "SELECT at_ms, action, amount_ms FROM run_actions WHERE run_id = ?1 ORDER BY at_ms, rowid",
        [.integer(run.id)]
      ) { row in
        ActiveRun.Action(
          at: row.integer(0), action: row.text(1) ?? "",
          amount: row.isNull(2) ? nil : row.integer(2))
      }
      filled.append(run)
    }
    return filled
  }
}
