#if canImport(Glibc)
  import Glibc
#endif

/// A write that failed: the output it was for (`standard output`, or a file's path) and why.
public struct WriteFailure: Error, Equatable, Sendable {
  /// What was being written: "standard output", "standard error" or a file's path.
  public var output: String
  public var errno: Errno
  /// For a file written whole or not at all: whether it is as it was before (no half file).
  public var untouched: Bool

  /// Whether the output was a terminal, which fails with EIO once it has hung up.
  public var toTerminal: Bool

  public init(output: String, errno: Errno, untouched: Bool = false, toTerminal: Bool = false) {
    self.output = output
    self.errno = errno
    self.untouched = untouched
    self.toTerminal = toTerminal
  }

  /// Whether the reader went away (a closed pipe).
  public var isClosedPipe: Bool { errno.code == EPIPE }

  /// Whether nobody is there to read any more (a closed pipe, a terminal that hung up), which
  /// is not an error worth a word: what a command does then is its own affair.
  public var readerGone: Bool { isClosedPipe || (toTerminal && errno.code == EIO) }

  /// Whether the output could not be made at all (a missing folder, no permission, a read-only
  /// file system), rather than failing part way (a full disk, a size limit, a failing disk).
  public var isCannotCreate: Bool {
    [EACCES, EPERM, ENOENT, ENOTDIR, EISDIR, EROFS, ELOOP, ENAMETOOLONG, ETXTBSY, EEXIST, ENXIO]
      .contains(errno.code)
  }
}
