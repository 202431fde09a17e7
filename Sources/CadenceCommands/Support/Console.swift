import CadenceCore
import CadenceText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes, and what the place it writes to can show.
public struct Console {
  public var writeOut: (String) -> Void
  public var writeError: (String) -> Void
  /// Whether standard output is a terminal (so cursor movement and a full-screen view work).
  public var isTerminal: Bool
  /// Whether to colour: only on a terminal, and never when NO_COLOR is set.
  public var colour: Bool
  /// Columns available for drawing.
  public var width: Int

  public init(
    writeOut: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    isTerminal: Bool, colour: Bool, width: Int
  ) {
    self.writeOut = writeOut
    self.writeError = writeError
    self.isTerminal = isTerminal
    self.colour = colour
    self.width = width
  }

  public func out(_ text: String) { writeOut(text) }
  public func error(_ text: String) { writeError(text) }

  /// Writes a message for the user on standard error as one line, whatever text from the
  /// command line, a routine or a database it quotes.
  public func problem(_ sentence: String) { writeError(QuotedText.oneLine(sentence) + "\n") }

  /// The console of this process: standard output and standard error.
  public static func standard(environment: [String: String]) -> Console {
    let terminal = isatty(STDOUT_FILENO) != 0
    var width = Int(environment["COLUMNS"] ?? "") ?? 0
    if width <= 0, terminal {
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 { width = Int(size.ws_col) }
    }
    return Console(
      writeOut: { text in writeAll(STDOUT_FILENO, text) },
      writeError: { text in writeAll(STDERR_FILENO, text) },
      isTerminal: terminal,
      colour: terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb",
      width: width > 0 ? width : 80)
  }
}

/// Writes all of `text` to a file descriptor, retrying after interruptions and short writes.
func writeAll(_ descriptor: Int32, _ text: String) {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { buffer in
      write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      if errno == EPIPE, descriptor == STDOUT_FILENO { ClosedOutput.shared.markClosed() }
      return
    }
    offset += written
  }
}
