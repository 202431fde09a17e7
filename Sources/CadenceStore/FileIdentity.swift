#if canImport(Glibc)
  import Glibc
#endif

/// Which file a path names: its device and inode.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64

  /// The file at `path` now; nil when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}
