/// Why the database could not be used. Each is one sentence with the file and what to do;
/// SQL appears, bound values never do.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  case cannotOpen(path: String, reason: String)
  /// The path names a folder, where the database file was meant.
  case folder(path: String)
  /// The path names a FIFO, a socket or a device (`kind` says which), not a file.
  case notAFile(path: String, kind: String)
  case damaged(path: String, reason: String)
  case newerVersion(path: String, found: Int, known: Int)
  case notWAL(path: String, mode: String)
  case busy(path: String)
  case readOnly(path: String)
  case full(path: String)
  case cannotWrite(path: String, reason: String)
  case failed(path: String, sql: String, reason: String)
  case notEnoughCoins(path: String, balance: Int64, price: Int64)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason):
      return
        "\(path): cannot be opened (\(reason)); check the folder exists and is writable, or choose another with --db"
    case .folder(let path):
      let inside = path.hasSuffix("/") ? path : path + "/"
      return
        "\(path): is a folder, not a database file; give --db the path of a file, such as \(inside)cadence.db"
    case .notAFile(let path, let kind):
      return
        "\(path): is \(kind), not a database file; give --db the path of a regular file, such as cadence.db"
    case .damaged(let path, let reason):
      return
        "\(path): is damaged or not a Cadence database (\(reason)); Cadence has left it untouched: move it aside to start afresh, or restore a backup"
    case .newerVersion(let path, let found, let known):
      return
        "\(path): was written by a newer Cadence (schema \(found); this one knows up to \(known)); Cadence has left it untouched: upgrade Cadence to use it"
    case .notWAL(let path, let mode):
      return
        "\(path): could not be switched to write-ahead logging (it stays in \(mode) mode); put the database on a local file system"
    case .busy(let path):
      return "\(path): is locked by another program for too long; try again when it has finished"
    case .readOnly(let path):
      return
        "\(path): is read-only, so nothing can be saved; make it writable or choose another with --db"
    case .full(let path):
      return
        "\(path): the disk (or the file-size limit) is full, so nothing could be saved; free some space"
    case .cannotWrite(let path, let reason):
      return
        "\(path): could not be written (\(reason)); the disk may be full, over a file-size limit or failing"
    case .notEnoughCoins(_, let balance, let price):
      return
        "that costs \(price) coin\(price == 1 ? "" : "s") but the balance is \(balance); earn more by completing focus sessions"
    case .failed(let path, let sql, let reason):
      return "\(path): a database step failed (\(reason)) while running: \(sql)"
    }
  }
}
