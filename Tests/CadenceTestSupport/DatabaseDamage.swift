import Foundation

/// Damage done to an SQLite file on purpose, as a failing disk or a careless copy would do it.
public enum DatabaseDamage {
  /// Overwrites the last quarter of the pages of the database at `path` with garbage, leaving
  /// its header and first pages whole: it opens, and a read through it gets some way before
  /// it fails. Checkpoint the file first, so that none of it waits in the write-ahead log.
  public static func overwriteLastQuarter(of path: String) throws {
    let url = URL(fileURLWithPath: path)
    var bytes = [UInt8](try Data(contentsOf: url))
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let pages = bytes.count / pageSize
    for page in pages * 3 / 4..<pages {
      bytes.replaceSubrange(
        page * pageSize..<(page + 1) * pageSize, with: repeatElement(0x5A, count: pageSize))
    }
    try Data(bytes).write(to: url)
  }
}
