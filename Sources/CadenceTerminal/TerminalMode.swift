import CadenceSystem

/// Puts the terminal into the full-screen mode the run view needs (alternate screen, hidden
/// cursor, keys without Enter or echo) and restores it on every way out: the end, quitting,
/// signals, and exit() from anywhere, through an atexit handler.
public final class TerminalMode: @unchecked Sendable {
  nonisolated(unsafe) private static var saved: Terminal.Settings?
  nonisolated(unsafe) private static var active = false
  private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
  private static let leaveSequence = "\u{1B}[?25h\u{1B}[?1049l"

  /// Enters full-screen mode; false if standard input is not a terminal.
  public static func enter() -> Bool {
    guard let settings = Terminal.enterKeyMode() else { return false }
    saved = settings
    Descriptor.writeAll(Terminal.output, enterSequence)
    if !active {
      active = true
      Terminal.atExit { TerminalMode.leave() }
    }
    return true
  }

  /// Restores the terminal as it was; safe to call more than once.
  public static func leave() {
    guard let settings = saved else { return }
    saved = nil
    Terminal.restore(settings)
    // Also run at exit, perhaps while another thread writes: past the channel's lock, and
    // only to put the terminal back, so a failure has nothing to add.
    Descriptor.writeAll(Terminal.output, leaveSequence)
  }

  /// Forgets the saved settings without restoring them: the terminal has hung up, and there is
  /// nothing left to put back or write to.
  public static func abandon() {
    saved = nil
  }

  /// The terminal's size in columns and rows.
  public static func size() -> (columns: Int, rows: Int) {
    Terminal.size(Terminal.output) ?? (80, 24)
  }
}
