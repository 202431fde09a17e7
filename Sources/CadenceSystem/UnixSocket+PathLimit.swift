#if canImport(Glibc)
  import Glibc
#endif

extension UnixSocket {
  /// The longest path a Unix socket can be bound or reached at, in bytes: `sun_path` less its
  /// terminating NUL (107 on Linux). A longer one fails with `ENAMETOOLONG`.
  public static let longestPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// Whether a socket can be bound or reached at `path`.
  public static func fits(_ path: String) -> Bool { path.utf8.count <= longestPath }
}
