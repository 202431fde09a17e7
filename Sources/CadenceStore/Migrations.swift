/// The database's schema, as numbered migrations. Each runs once, in a transaction, and is
/// recorded in `schema_migrations` and in `PRAGMA user_version`.
enum Migrations {
  static let steps: [(version: Int, name: String, sql: String)] = [
    (
      1, "sessions and settings",
      """
      CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('routine', 'timer', 'focus', 'break')),
        routine TEXT,
        routine_hash TEXT,
        task TEXT,
        started_at TEXT NOT NULL,
        ended_at TEXT NOT NULL,
        planned_ms INTEGER NOT NULL CHECK (planned_ms >= 0),
        active_ms INTEGER NOT NULL CHECK (active_ms >= 0),
        outcome TEXT NOT NULL CHECK (outcome IN ('completed', 'stopped')),
        segments_done INTEGER NOT NULL DEFAULT 0,
        segments_skipped INTEGER NOT NULL DEFAULT 0,
        pauses INTEGER NOT NULL DEFAULT 0,
        note TEXT,
        coins INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sessions_by_start ON sessions (started_at);
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      """
    ),
    (
      2, "runs that survive their process",
      """
      CREATE TABLE active_runs (
        id INTEGER PRIMARY KEY,
        routine_path TEXT NOT NULL,
        routine_source BLOB NOT NULL,
        routine_hash TEXT NOT NULL,
        parameters TEXT NOT NULL,
        started_at_ms INTEGER NOT NULL,
        pid INTEGER NOT NULL,
        heartbeat_at_ms INTEGER NOT NULL
      );
      CREATE TABLE run_actions (
        run_id INTEGER NOT NULL REFERENCES active_runs (id) ON DELETE CASCADE,
        at_ms INTEGER NOT NULL,
        action TEXT NOT NULL,
        amount_ms INTEGER
      );
      CREATE INDEX run_actions_by_run ON run_actions (run_id, at_ms);
      ALTER TABLE sessions ADD COLUMN resumed INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE sessions ADD COLUMN tags TEXT;
      """
    ),
  ]

  static var latest: Int { steps.last?.version ?? 0 }

  static func migrate(_ database: Database, from current: Int, to target: Int = latest)
    throws(StoreError)
  {
    for step in steps where step.version > current && step.version <= target {
      try database.transaction { () throws(StoreError) in
        try database.execute(step.sql)
        try database.run(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
          [.integer(Int64(step.version)), .text(step.name), .text(Timestamp.now())])
        try database.execute("PRAGMA user_version = \(step.version)")
      }
    }
  }
}
