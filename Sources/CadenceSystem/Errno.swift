#if canImport(Glibc)
  import Glibc
#endif

/// A system error number, with the C library's sentence for it.
public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
  public var code: Int32

  public init(_ code: Int32) { self.code = code }

  public static var current: Errno { Errno(errno) }

  public static let noSuchFile = Errno(ENOENT)
  /// ENOTDIR: a part of the path is not a folder.
  public static let notAFolder = Errno(ENOTDIR)
  public static let connectionRefused = Errno(ECONNREFUSED)
  /// EAGAIN (EWOULDBLOCK on Linux): nothing now on a non-blocking descriptor.
  public static let wouldBlock = Errno(EAGAIN)
  public static let nameTooLong = Errno(ENAMETOOLONG)
  public static let connectionAborted = Errno(ECONNABORTED)
  public static let interrupted = Errno(EINTR)

  /// Whether the system is short of descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM):
  /// a failure to try again later.
  public var isShortage: Bool { [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code) }

  public var description: String { String(cString: strerror(code)) }
}
