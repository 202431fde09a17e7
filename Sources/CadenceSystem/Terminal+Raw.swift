#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// A terminal's settings as they were before a full-screen view changed them.
  public struct Settings: @unchecked Sendable {
    fileprivate var saved: termios
  }

  /// Standard input, output and error.
  public static let input: Int32 = STDIN_FILENO
  public static let output: Int32 = STDOUT_FILENO

  /// Puts the terminal on standard input into the mode a full-screen view needs (each key as
  /// it is pressed, without echo) and returns the settings to restore; nil when standard input
  /// is not a terminal.
  public static func enterKeyMode() -> Settings? {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    let saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    return Settings(saved: saved)
  }

  /// Puts back settings that `enterKeyMode()` returned.
  public static func restore(_ settings: Settings) {
    var saved = settings.saved
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }

  /// Runs `body` when the process exits through exit() (a C function: it captures nothing).
  public static func atExit(_ body: @escaping @convention(c) () -> Void) {
    atexit(body)
  }

  /// Waits until standard input has something to read or `milliseconds` pass (-1: no limit):
  /// true when there is something (or its end), false when the time ran out.
  public static func waitForInput(milliseconds: Int32) -> Bool {
    var entries = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
    if case .success(let ready) = Descriptor.poll(&entries, milliseconds: milliseconds) {
      return ready > 0
    }
    return true
  }
}
