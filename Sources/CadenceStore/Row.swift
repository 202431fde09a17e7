import CSQLite

/// One row of a query's answer, read by column name: the names come from the query's own
/// column list, so a reader never depends on a column's position.
public struct Row {
  let statement: Statement
  let columns: [String: Int32]

  /// The value of `column` as SQLite holds it; `.null` for a column the query did not select.
  public subscript(_ column: String) -> SQLValue {
    guard let index = columns[column] else { return .null }
    switch sqlite3_column_type(statement.handle, index) {
    case SQLITE_INTEGER: return .integer(statement.integer(index))
    case SQLITE_FLOAT: return .real(statement.real(index))
    case SQLITE_TEXT: return statement.text(index).map { .text($0) } ?? .null
    case SQLITE_BLOB: return .blob(statement.blob(index))
    default: return .null
    }
  }

  public func text(_ column: String) -> String? {
    switch self[column] {
    case .text(let text): return text
    case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .integer(let number): return String(number)
    default: return nil
    }
  }

  public func integer(_ column: String) -> Int64? {
    switch self[column] {
    case .integer(let number): return number
    case .real(let number): return Int64(exactly: number.rounded())
    default: return nil
    }
  }

  public func bool(_ column: String) -> Bool { (integer(column) ?? 0) != 0 }

  public func blob(_ column: String) -> [UInt8] {
    switch self[column] {
    case .blob(let bytes): return bytes
    case .text(let text): return Array(text.utf8)
    default: return []
    }
  }
}
