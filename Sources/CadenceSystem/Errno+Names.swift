#if canImport(Glibc)
  import Glibc
#endif

extension Errno {
  /// ELOOP: a symbolic link where none may be (O_NOFOLLOW), or too many of them.
  public static let linkLoop = Errno(ELOOP)
  /// EBADF: not an open descriptor.
  public static let badDescriptor = Errno(EBADF)
  /// EFBIG: past the file-size limit.
  public static let fileTooLarge = Errno(EFBIG)

  /// Whether the disk or the user's quota is full (ENOSPC, EDQUOT).
  public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }
}
