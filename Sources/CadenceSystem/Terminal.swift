#if canImport(Glibc)
  import Glibc
#endif

/// What Cadence asks of the terminal it runs on.
public enum Terminal {
  /// Whether `descriptor` is a terminal.
  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

  /// The size of the terminal on `descriptor` in columns and rows, or nil when it has none.
  public static func size(_ descriptor: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Whether this process is in the terminal's foreground process group: a job started with
  /// `&` is not, and touching the terminal's settings or reading from it would stop it.
  public static func isForeground(_ descriptor: Int32 = STDIN_FILENO) -> Bool {
    let group = tcgetpgrp(descriptor)
    return group >= 0 && group == getpgrp()
  }
}
