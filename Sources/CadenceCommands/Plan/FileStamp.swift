#if canImport(Glibc)
  import Glibc
#endif

/// What tells a saved file from the one before: its inode, size and modification time.
///
/// An editor that saves by writing a new file and renaming it changes the inode; one that
/// writes in place changes the time or the size.
struct FileStamp: Equatable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The file at `path` now; nil when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    seconds = Int(status.st_mtim.tv_sec)
    nanoseconds = Int(status.st_mtim.tv_nsec)
  }
}
