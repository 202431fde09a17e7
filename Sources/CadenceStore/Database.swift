import CSQLite
import CadenceSystem
import FoundationEssentials

/// One connection to Cadence's SQLite database: opened with a busy timeout, foreign keys on
/// and write-ahead logging checked by reading the mode back; migrated on open; every write in
/// a transaction. A damaged file, or one from a newer Cadence, is refused and left untouched.
public final class Database {
  /// How long a writer waits for another process's lock before giving up.
  public static let busyTimeoutMilliseconds: Int32 = 5000

  let handle: OpaquePointer
  public let path: String
  /// Whether this is the empty database in memory that stands for a file not there yet.
  public let isStandIn: Bool
  /// The file the connection opened (device and inode), to tell when it is deleted or replaced.
  private let identity: FileStamp?

  /// Opens (creating if needed, with its folder) and migrates the database at `path`.
  public convenience init(path: String, readOnly: Bool = false) throws(StoreError) {
    try self.init(path: path, readOnly: readOnly, migratingTo: Migrations.latest)
  }

  /// An empty database in memory, migrated to the latest schema and then made to refuse
  /// writes (`PRAGMA query_only`), standing for the file at `path`, which does not exist.
  ///
  /// A command that only reads shows what an empty database would hold without creating the
  /// file or its folder; a write on it fails rather than being lost without a word.
  public static func empty(standingFor path: String) throws(StoreError) -> Database {
    try Database(path: path, migratingTo: Migrations.latest, inMemory: true)
  }

  /// Opens the database migrated only as far as `target` (for testing migrations); with
  /// `inMemory`, an empty one in memory that refuses writes once migrated, named `path`.
  init(path: String, readOnly: Bool = false, migratingTo target: Int, inMemory: Bool = false)
    throws(StoreError)
  {
    self.path = path
    isStandIn = inMemory
    if !inMemory, case .success(let kind) = RegularFile.kind(ofPath: path) {
      // Only a regular file is a database: SQLite would wait on a FIFO, or read a device.
      switch kind {
      case nil: break
      case .directory?: throw .folder(path: path)
      case .notRegular(let what)?: throw .notAFile(path: path, kind: what)
      default: throw .notAFile(path: path, kind: "something other than a regular file")
      }
    }
    if !readOnly, !inMemory { try PrivateFile.prepare(path) }
    var connection: OpaquePointer?
    let flags =
      (inMemory
        ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
        : readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(inMemory ? ":memory:" : path, &connection, flags, nil)
    guard status == SQLITE_OK, let connection else {
      let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(connection)
      throw .cannotOpen(path: path, reason: reason)
    }
    handle = connection
    identity = inMemory ? nil : FileStamp(path: path)
    sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
    sqlite3_extended_result_codes(handle, 1)
    do {
      if inMemory {
        try execute("PRAGMA foreign_keys = ON")
        try Migrations.migrate(self, from: 0, to: target)
        try execute("PRAGMA query_only = ON")
      } else {
        try configure(readOnly: readOnly, target: target)
      }
    } catch {
      sqlite3_close(handle)
      throw error
    }
  }

  deinit { sqlite3_close(handle) }

  /// Whether the file at `path` is still the one this connection writes to: false once it has
  /// been deleted or replaced, when every write would go to a file no one can see any more.
  public var isStillInPlace: Bool {
    guard let identity, let now = FileStamp(path: path) else { return false }
    return now.isSameFile(as: identity)
  }

  private func configure(readOnly: Bool, target: Int) throws(StoreError) {
    // Reading the schema version is the first real read: it tells a damaged file or a
    // foreign one before anything is written.
    let version = try schemaVersion()
    if version > Migrations.latest {
      throw .newerVersion(path: path, found: version, known: Migrations.latest)
    }
    try execute("PRAGMA foreign_keys = ON")
    if !readOnly {
      let mode = try scalarText("PRAGMA journal_mode = WAL") ?? "unknown"
      guard mode.lowercased() == "wal" else { throw .notWAL(path: path, mode: mode) }
      // With write-ahead logging, NORMAL syncs at checkpoints rather than at every commit: a
      // commit survives the process being killed, and the file is never corrupted; only a
      // power cut can lose the last commits.
      try execute("PRAGMA synchronous = NORMAL")
      try Migrations.migrate(self, from: version, to: target)
    }
  }

  /// The schema version recorded in the file (0 for a new, empty one).
  public func schemaVersion() throws(StoreError) -> Int {
    Int(try scalarInteger("PRAGMA user_version") ?? 0)
  }

  /// Runs SQL that returns no rows (several statements allowed, none with parameters).
  public func execute(_ sql: String) throws(StoreError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status, sql: sql) }
  }

  /// Runs one statement with parameters, returning no rows.
  public func run(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) {
    let statement = try Statement(database: self, sql: sql)
    try statement.bind(values)
    while try statement.step() {}
  }

  /// Runs a query and maps each row.
  func query<T>(_ sql: String, _ values: [SQLValue] = [], row: (Statement) -> T) throws(StoreError)
    -> [T]
  {
    let statement = try Statement(database: self, sql: sql)
    try statement.bind(values)
    var rows: [T] = []
    while try statement.step() { rows.append(row(statement)) }
    return rows
  }

  /// Runs a query and maps each row, read by column name.
  func rows<T>(_ sql: String, _ values: [SQLValue] = [], map: (Row) -> T) throws(StoreError)
    -> [T]
  {
    let statement = try Statement(database: self, sql: sql)
    try statement.bind(values)
    let columns = statement.columnIndexes()
    var rows: [T] = []
    while try statement.step() { rows.append(map(Row(statement: statement, columns: columns))) }
    return rows
  }

  /// Runs a query and hands each row, read by column name, to `body` as it is stepped to, so
  /// that a reader of many rows holds one at a time; `body` returns false to stop early.
  func eachRow(_ sql: String, _ values: [SQLValue] = [], _ body: (Row) throws(StoreError) -> Bool)
    throws(StoreError)
  {
    let statement = try Statement(database: self, sql: sql)
    try statement.bind(values)
    let columns = statement.columnIndexes()
    while try statement.step() {
      guard try body(Row(statement: statement, columns: columns)) else { return }
    }
  }

  func scalarInteger(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int64? {
    try query(sql, values) { $0.isNull(0) ? nil : $0.integer(0) }.first ?? nil
  }

  func scalarText(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> String? {
    try query(sql, values) { $0.text(0) }.first ?? nil
  }

  /// The id of the last row inserted on this connection.
  var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows this connection has inserted, changed or deleted since it opened.
  var totalChanges: Int64 { sqlite3_total_changes64(handle) }

  /// Runs `body` in one transaction (BEGIN IMMEDIATE, so a writer waits for the lock up
  /// front): committed if it returns, rolled back if it throws.
  public func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// A store error for a failed SQLite call, by kind.
  func error(_ status: Int32, sql: String) -> StoreError {
    let reason = String(cString: sqlite3_errmsg(handle))
    switch status & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged(path: path, reason: reason)
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
    case SQLITE_READONLY: return .readOnly(path: path)
    case SQLITE_FULL: return .full(path: path)
    case SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: reason)
    case SQLITE_IOERR: return .cannotWrite(path: path, reason: reason)
    default: return .failed(path: path, sql: sql, reason: reason)
    }
  }
}
