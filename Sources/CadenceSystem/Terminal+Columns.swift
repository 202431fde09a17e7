#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// The width the terminal on `descriptor` says it has (possibly 0), nil when it says none.
  public static func columns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return Int(size.ws_col)
  }
}
