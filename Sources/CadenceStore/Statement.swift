import CSQLite

/// A prepared statement: bind, step, read columns. Finalised when released.
final class Statement {
  let handle: OpaquePointer
  let sql: String
  unowned let database: Database

  init(database: Database, sql: String) throws(StoreError) {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else {
      throw database.error(status, sql: sql)
    }
    self.handle = statement
    self.sql = sql
    self.database = database
  }

  deinit { sqlite3_finalize(handle) }

  /// Binds values to ?1, ?2… in order.
  func bind(_ values: [SQLValue]) throws(StoreError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .null: status = sqlite3_bind_null(handle, index)
      case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
      case .real(let number): status = sqlite3_bind_double(handle, index, number)
      case .text(let text):
        // The byte length, not -1: text from a routine may hold a NUL, and SQLite would cut
        // it there.
        var text = text
        status = text.withUTF8 { bytes in
          guard let start = bytes.baseAddress, bytes.count > 0 else {
            return sqlite3_bind_text(handle, index, "", 0, cadence_sqlite_transient())
          }
          return sqlite3_bind_text(
            handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
            Int32(bytes.count), cadence_sqlite_transient())
        }
      case .blob(let bytes):
        status = bytes.withUnsafeBytes { buffer in
          sqlite3_bind_blob(
            handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
            Int32(buffer.count),
            cadence_sqlite_transient())
        }
      }
      guard status == SQLITE_OK else { throw database.error(status, sql: sql) }
    }
  }

  /// Steps once: true while there is a row to read.
  func step() throws(StoreError) -> Bool {
    let status = sqlite3_step(handle)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.error(status, sql: sql)
    }
  }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
  func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  func blob(_ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// Column names of the answer, with their positions.
  func columnIndexes() -> [String: Int32] {
    var names: [String: Int32] = [:]
    for index in 0..<sqlite3_column_count(handle) {
      if let name = sqlite3_column_name(handle, index) { names[String(cString: name)] = index }
    }
    return names
  }

  /// The text of a column, every byte of it (a NUL included); nil for NULL.
  func text(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
