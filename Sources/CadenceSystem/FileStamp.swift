#if canImport(Glibc)
  import Glibc
#endif

/// What tells a saved file from the one before: its inode, size and modification time.
///
/// An editor that saves by writing a new file and renaming it changes the inode; one that
/// writes in place changes the time or the size.
public struct FileStamp: Equatable, Sendable {
  public let device: UInt64
  public let inode: UInt64
  public let size: Int64
  public let seconds: Int
  public let nanoseconds: Int

  /// The file at `path` now (a link followed); nil when there is none.
  public init?(path: String) {
    guard case .success(let stamp) = Self.of(path) else { return nil }
    self = stamp
  }

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    seconds = Int(status.st_mtim.tv_sec)
    nanoseconds = Int(status.st_mtim.tv_nsec)
  }

  /// The file at `path` now (a link followed), or why there is none (`Errno.noSuchFile`,
  /// ENOTDIR...).
  public static func of(_ path: String) -> Result<FileStamp, Errno> {
    var status = stat()
    guard stat(path, &status) == 0 else { return .failure(.current) }
    return .success(FileStamp(status))
  }

  /// Whether the two name the same file (device and inode), whatever its contents.
  public func isSameFile(as other: FileStamp) -> Bool {
    device == other.device && inode == other.inode
  }
}

extension RegularFile {
  /// Why what is at `path` (a link followed) is not a regular file, nil when it is; the errno
  /// when nothing can be found there.
  public static func kind(ofPath path: String) -> Result<Failure?, Errno> {
    var status = stat()
    guard stat(path, &status) == 0 else { return .failure(.current) }
    return .success(kind(of: status.st_mode))
  }
}
