import CadenceSystem
import FoundationEssentials

/// Cadence's records over one database connection: a typed table for each kind (sessions,
/// goals and tasks, coins, settings) and the runs in progress.
/// Not thread-safe: use it from one thread or queue at a time.
public final class Store {
  public let database: Database

  public init(path: String, readOnly: Bool = false) throws(StoreError) {
    database = try Database(path: path, readOnly: readOnly)
  }

  private init(database: Database) { self.database = database }

  /// The store at `path` for a command that only reads: the file, opened as ``init(path:readOnly:)``
  /// opens it, when it exists; otherwise an empty store in memory that refuses writes, so
  /// nothing is created (neither the file nor its folder) for a database that is not there.
  public static func existing(path: String) throws(StoreError) -> Store {
    if case .failure(let why) = FileStamp.of(path), why == .noSuchFile || why == .notAFolder {
      return Store(database: try Database.empty(standingFor: path))
    }
    return try Store(path: path)
  }

  public var path: String { database.path }

  /// Whether this is the empty, read-only stand-in ``existing(path:)`` gives for a database
  /// that does not exist: a command about to write opens the real one with ``init(path:readOnly:)``.
  public var isStandIn: Bool { database.isStandIn }

  /// This store to write to: itself, or for the stand-in of a database not there yet, the
  /// real one, created now (with its folder). Call it once nothing is left to refuse.
  public func writable() throws(StoreError) -> Store {
    isStandIn ? try Store(path: path) : self
  }

  /// False once the database file has been deleted or replaced under this connection.
  public var isStillInPlace: Bool { database.isStillInPlace }

  /// The database path: `--db`, else `$CADENCE_DB`, else `cadence.db` in the data folder
  /// ``Paths`` gives (`~/.local/share/cadence/cadence.db`). A database where earlier versions
  /// put it (a relative `$XDG_DATA_HOME`, an empty `$HOME`) is used there while none is here.
  public static func defaultPath(flag: String?, environment: [String: String]) -> String {
    if let flag, !flag.isEmpty { return flag }
    if let path = environment["CADENCE_DB"], !path.isEmpty { return path }
    let paths = Paths(environment: environment)
    let earlier = Paths.earlier(environment: environment, now: paths).data
    return Paths.kept(paths.database, earlier: earlier.map { $0 + "/cadence.db" })
      ?? "cadence.db"
  }

  // MARK: Tables

  /// Finished sessions.
  public var sessionTable: SessionTable { SessionTable(database: database) }
  /// Goals and tasks.
  public var planning: PlanningTables { PlanningTables(database: database) }
  /// Coins earned and spent, and what they bought.
  public var coins: CoinLedger { CoinLedger(database: database) }
  /// Settings by key.
  public var settingsTable: SettingsTable { SettingsTable(database: database) }

  @discardableResult
  public func record(_ session: SessionRecord) throws(StoreError) -> Int64 {
    try sessionTable.record(session)
  }

  public func sessions(_ filter: SessionFilter = SessionFilter()) throws(StoreError)
    -> [SessionRecord]
  {
    try sessionTable.all(filter)
  }

  public func setting(_ key: String) throws(StoreError) -> String? {
    try settingsTable.value(key)
  }

  public func setSetting(_ key: String, _ value: String?) throws(StoreError) {
    try settingsTable.set(key, value)
  }

  public func settings() throws(StoreError) -> [(key: String, value: String)] {
    try settingsTable.all()
  }

  // MARK: Runs in progress

  /// Keeps a run that has started, with what it is recorded against and its rules; `pid` 0
  /// for a run that no process carries yet (`resume` picks it up).
  public func beginRun(
    path: String, source: [UInt8], hash: String, parameters: [(name: String, value: String)],
    startedAt: Int64, pid: Int32, details: ActiveRun.Details = ActiveRun.Details()
  ) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      try insertRun(
        path: path, source: source, hash: hash, parameters: parameters, startedAt: startedAt,
        pid: pid, details: details)
    }
  }

  private func insertRun(
    path: String, source: [UInt8], hash: String, parameters: [(name: String, value: String)],
    startedAt: Int64, pid: Int32, details: ActiveRun.Details
  ) throws(StoreError) -> Int64 {
    try database.run(
      """
      INSERT INTO active_runs (routine_path, routine_source, routine_hash, parameters,
        started_at_ms, pid, heartbeat_at_ms, task, goal, tags, session_uuid, mandatory_break,
        note, note_session, countdown)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?5, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
      """,
      [
        .text(path), .blob(source), .text(hash),
        .text(parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")),
        .integer(startedAt), .integer(Int64(pid)), .optional(details.task),
        .optional(details.goal),
        .optional(details.tags.isEmpty ? nil : TagList.joined(details.tags)),
        .optional(details.sessionUUID), .bool(details.mandatoryBreak), .optional(details.note),
        .optional(details.noteSession), .optional(details.countdown.flatMap(KeptSchedule.text)),
      ])
    return database.lastInsertedRow
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

  /// Records `session` and forgets `run` in one transaction: both or neither. A task's
  /// mandatory break kept with a note (`focus --note`) saves that note on its focus session in
  /// the same transaction, so that the break is never recorded without it. `midway` runs
  /// between the two writes (tests kill the process there).
  @discardableResult
  public func finishRun(
    _ run: Int64?, session: SessionRecord, midway: (() -> Void)? = nil
  ) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      let id = try sessionTable.insert(session)
      midway?()
      if let run {
        try database.run(
          """
          UPDATE sessions SET note = (SELECT note FROM active_runs WHERE id = ?1)
          WHERE uuid = (
            SELECT note_session FROM active_runs
            WHERE id = ?1 AND mandatory_break = 1 AND note IS NOT NULL AND note <> '')
          """, [.integer(run)])
        try database.run("DELETE FROM active_runs WHERE id = ?1", [.integer(run)])
      }
      return id
    }
  }

  /// Records `session` and forgets `run`, and keeps `next` as a run (carried by `next.pid`, 0
  /// for none yet), all in one transaction: a task's mandatory break that follows its focus
  /// session, which no moment between the two can lose. Returns the new run's id.
  public func finishRun(_ run: Int64?, session: SessionRecord, then next: ActiveRun)
    throws(StoreError) -> Int64
  {
    try database.transaction { () throws(StoreError) in
      _ = try sessionTable.insert(session)
      if let run { try database.run("DELETE FROM active_runs WHERE id = ?1", [.integer(run)]) }
      return try insertRun(
        path: next.routinePath, source: next.routineSource, hash: next.routineHash,
        parameters: next.parameters, startedAt: next.startedAt, pid: next.pid,
        details: next.details)
    }
  }

  /// Takes a kept run over for the process `pid`, if it is still kept by `previous` (the process
  /// that died, or 0 for one that none carried yet): false when another process took it over
  /// first, so that two `resume`s never carry the same run on.
  public func claimRun(_ run: Int64, from previous: Int32, pid: Int32) throws(StoreError) -> Bool {
    try database.transaction { () throws(StoreError) in
      try !database.query(
        "UPDATE active_runs SET pid = ?3 WHERE id = ?1 AND pid = ?2 RETURNING id",
        [.integer(run), .integer(Int64(previous)), .integer(Int64(pid))]
      ) { _ in () }.isEmpty
    }
  }

  public func forgetRun(_ run: Int64) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try database.run("DELETE FROM active_runs WHERE id = ?1", [.integer(run)])
    }
  }

  public func activeRuns() throws(StoreError) -> [ActiveRun] {
    let runs = try database.rows(
      """
      SELECT id, routine_path, routine_source, routine_hash, parameters, started_at_ms, pid,
        heartbeat_at_ms, task, goal, tags, session_uuid, mandatory_break, note, note_session,
        countdown
      FROM active_runs ORDER BY started_at_ms, id
      """
    ) { row in
      ActiveRun(
        id: row.integer("id") ?? 0, routinePath: row.text("routine_path") ?? "",
        routineSource: row.blob("routine_source"), routineHash: row.text("routine_hash") ?? "",
        parameters: (row.text("parameters") ?? "").split(separator: "\n").compactMap { line in
          guard let equals = line.firstIndex(of: "=") else { return nil }
          return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        },
        startedAt: row.integer("started_at_ms") ?? 0, pid: Int32(row.integer("pid") ?? 0),
        heartbeatAt: row.integer("heartbeat_at_ms") ?? 0, actions: [],
        details: ActiveRun.Details(
          task: row.text("task"), goal: row.text("goal"), tags: TagList.split(row.text("tags")),
          sessionUUID: row.text("session_uuid"), mandatoryBreak: row.bool("mandatory_break"),
          note: row.text("note"), noteSession: row.text("note_session"),
          countdown: row.text("countdown").flatMap(KeptSchedule.schedule)))
    }
    var filled: [ActiveRun] = []
    for var run in runs {
      run.actions = try database.rows(
        "SELECT at_ms, action, amount_ms FROM run_actions WHERE run_id = ?1 ORDER BY at_ms, rowid",
        [.integer(run.id)]
      ) { row in
        ActiveRun.Action(
          at: row.integer("at_ms") ?? 0, action: row.text("action") ?? "",
          amount: row.integer("amount_ms"))
      }
      filled.append(run)
    }
    return filled
  }
}
