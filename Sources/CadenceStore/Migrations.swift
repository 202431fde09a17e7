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
    (
      3, "session ids, goals, tasks, coins and owned islands and pets",
      """
      ALTER TABLE sessions ADD COLUMN uuid TEXT;
      ALTER TABLE sessions ADD COLUMN goal TEXT;
      UPDATE sessions SET uuid = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
      CREATE UNIQUE INDEX sessions_by_uuid ON sessions (uuid);
      CREATE TABLE goals (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) > 0),
        colour TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE tasks (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) > 0),
        goal_id INTEGER REFERENCES goals (id) ON DELETE SET NULL,
        icon TEXT,
        tags TEXT,
        length_ms INTEGER CHECK (length_ms IS NULL OR length_ms > 0),
        priority INTEGER NOT NULL DEFAULT 5 CHECK (priority BETWEEN 0 AND 10),
        deadline TEXT,
        weekdays INTEGER NOT NULL DEFAULT 127 CHECK (weekdays BETWEEN 1 AND 127),
        done INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      );
      CREATE TABLE coin_transactions (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('earn', 'spend')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        reason TEXT NOT NULL,
        session_uuid TEXT UNIQUE
      );
      CREATE TRIGGER coins_never_negative BEFORE INSERT ON coin_transactions
      WHEN NEW.kind = 'spend' AND NEW.amount > (
        SELECT COALESCE(SUM(CASE kind WHEN 'earn' THEN amount ELSE -amount END), 0)
        FROM coin_transactions)
      BEGIN
        SELECT RAISE(ABORT, 'the coin balance cannot go negative');
      END;
      CREATE TABLE owned_items (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('island', 'pet')),
        name TEXT NOT NULL,
        acquired_at TEXT NOT NULL,
        UNIQUE (kind, name)
      );
      """
    ),
    (
      4, "what a run in progress is recorded against, and its rules",
      """
      ALTER TABLE active_runs ADD COLUMN task TEXT;
      ALTER TABLE active_runs ADD COLUMN goal TEXT;
      ALTER TABLE active_runs ADD COLUMN tags TEXT;
      ALTER TABLE active_runs ADD COLUMN session_uuid TEXT;
      ALTER TABLE active_runs ADD COLUMN mandatory_break INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE active_runs ADD COLUMN note TEXT;
      ALTER TABLE active_runs ADD COLUMN note_session TEXT;
      """
    ),
    (
      5, "the coin balance summed without overflow",
      """
      DROP TRIGGER coins_never_negative;
      CREATE TRIGGER coins_never_negative BEFORE INSERT ON coin_transactions
      WHEN NEW.kind = 'spend' AND NEW.amount > (
        SELECT TOTAL(CASE kind WHEN 'earn' THEN amount ELSE -amount END)
        FROM coin_transactions)
      BEGIN
        SELECT RAISE(ABORT, 'the coin balance cannot go negative');
      END;
      """
    ),
    (
      6, "a countdown kept as its schedule",
      """
      ALTER TABLE active_runs ADD COLUMN countdown TEXT;
      """
    ),
  ]

  static var latest: Int { steps.last?.version ?? 0 }

  static func migrate(_ database: Database, from current: Int, to target: Int = latest)
    throws(StoreError)
  {
    for step in steps where step.version > current && step.version <= target {
      try database.transaction { () throws(StoreError) in
        // Another process may have opened the new file at the same moment and migrated it
        // since `current` was read: with the write lock held, the version read now is sure.
        guard try database.schemaVersion() < step.version else { return }
        try database.execute(step.sql)
        try database.run(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
          [.integer(Int64(step.version)), .text(step.name), .text(Timestamp.now())])
        try database.execute("PRAGMA user_version = \(step.version)")
      }
    }
  }
}
