import CadenceSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal into the full-screen mode the run view needs (alternate screen, hidden
/// cursor, keys without Enter or echo) and restores it on every way out: the end, quitting,
/// signals, and exit() from anywhere, through an atexit handler.
final class TerminalMode: @unchecked Sendable {
  nonisolated(unsafe) private static var saved: termios?
  nonisolated(unsafe) private static var active = false
  private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
  private static let leaveSequence = "\u{1B}[?25h\u{1B}[?1049l"

  /// Enters full-screen mode; false if standard input is not a terminal.
  static func enter() -> Bool {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    OutputChannels.writeOutput(enterSequence)
    if !active {
      active = true
      atexit { TerminalMode.leave() }
    }
    return true
  }

  /// Restores the terminal as it was; safe to call more than once.
  static func leave() {
    guard var settings = saved else { return }
    saved = nil
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    // Also run at exit, perhaps while another thread writes: past the channel's lock, and
    // only to put the terminal back, so a failure has nothing to add.
    Descriptor.writeAll(STDOUT_FILENO, leaveSequence)
  }

  /// Forgets the saved settings without restoring them: the terminal has hung up, and there is
  /// nothing left to put back or write to.
  static func abandon() {
    saved = nil
  }

  /// The terminal's size in columns and rows.
  static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    return (80, 24)
  }
}
