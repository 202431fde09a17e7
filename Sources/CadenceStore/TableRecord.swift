/// A record kept in one table: its columns listed once, written from and read back into a
/// typed value by column name.
protocol TableRecord {
  /// The table's name.
  static var table: String { get }
  /// The columns written and read, apart from the row id; the single list both use.
  static var columns: [String] { get }
  /// The values for `columns`, in the same order.
  var values: [SQLValue] { get }
  /// The record from a row selected with `columns` (and `id`).
  init(row: Row)
}

extension TableRecord {
  /// `SELECT id, a, b… FROM table`
  static var select: String { "SELECT id, \(columns.joined(separator: ", ")) FROM \(table)" }

  /// `INSERT INTO table (a, b…) VALUES (?1, ?2…)`
  static var insert: String {
    let places = (1...columns.count).map { "?\($0)" }.joined(separator: ", ")
    return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(places))"
  }

  /// `UPDATE table SET a = ?2, b = ?3… WHERE id = ?1`
  static var update: String {
    let sets = columns.enumerated().map { "\($1) = ?\($0 + 2)" }.joined(separator: ", ")
    return "UPDATE \(table) SET \(sets) WHERE id = ?1"
  }
}

extension Database {
  /// Inserts `record` and returns its row id.
  func insert<R: TableRecord>(_ record: R) throws(StoreError) -> Int64 {
    try run(R.insert, record.values)
    return lastInsertedRow
  }

  /// Rewrites the row `id` with `record`.
  func update<R: TableRecord>(_ record: R, id: Int64) throws(StoreError) {
    try run(R.update, [.integer(id)] + record.values)
  }

  /// Records of type `R` matching `clause` (such as `WHERE name = ?1 ORDER BY id`).
  func select<R: TableRecord>(_ type: R.Type, _ clause: String = "", _ values: [SQLValue] = [])
    throws(StoreError) -> [R]
  {
    try rows(R.select + (clause.isEmpty ? "" : " " + clause), values) { R(row: $0) }
  }
}
