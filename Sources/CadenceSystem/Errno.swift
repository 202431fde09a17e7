#if canImport(Glibc)
  import Glibc
#endif

/// A system error number, with the C library's sentence for it.
public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
  public var code: Int32

  public init(_ code: Int32) { self.code = code }

  public static var current: Errno { Errno(errno) }

  public static let noSuchFile = Errno(ENOENT)
  public static let connectionRefused = Errno(ECONNREFUSED)
  public static let wouldBlock = Errno(EAGAIN)

  public var description: String { String(cString: strerror(code)) }
}
