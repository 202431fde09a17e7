#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// A terminal's settings as they were, to put back.
  public struct Settings: @unchecked Sendable {
    fileprivate var raw: termios
  }

  /// Switches the terminal on `descriptor` to keys read as they are typed, without Enter or
  /// echo (a read waits for one byte, with no timeout): the settings before, to restore; nil
  /// when it is no terminal.
  public static func readKeysAsTyped(_ descriptor: Int32) -> Settings? {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return nil }
    let saved = Settings(raw: settings)
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(descriptor, TCSANOW, &settings)
    return saved
  }

  /// Puts back settings `readKeysAsTyped` gave.
  public static func restore(_ settings: Settings, on descriptor: Int32) {
    var raw = settings.raw
    tcsetattr(descriptor, TCSANOW, &raw)
  }
}

extension Processes {
  /// Runs `handler` when this process exits through exit() (not when it is killed).
  public static func atExit(_ handler: @escaping @convention(c) () -> Void) { atexit(handler) }
}
