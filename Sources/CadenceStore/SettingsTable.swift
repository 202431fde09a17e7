/// The `settings` table: one text value a key.
public struct SettingsTable {
  let database: Database

  public func value(_ key: String) throws(StoreError) -> String? {
    try database.rows("SELECT value FROM settings WHERE key = ?1", [.text(key)]) {
      $0.text("value")
    }.first ?? nil
  }

  /// Sets `key`, or removes it when `value` is nil.
  public func set(_ key: String, _ value: String?) throws(StoreError) {
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

  public func all() throws(StoreError) -> [(key: String, value: String)] {
    try database.rows("SELECT key, value FROM settings ORDER BY key") {
      ($0.text("key") ?? "", $0.text("value") ?? "")
    }
  }
}
