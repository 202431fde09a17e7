import CadenceSystem
import CadenceText
import FoundationEssentials

/// Reads keys (or, when standard input is not a terminal, lines) on a thread of its own and
/// hands each to a callback.
public enum KeyReader {
  public enum Key: Sendable, Equatable {
    case character(Character)
    case enter
    case endOfInput
  }

  /// Starts reading single keys from a terminal in raw mode.
  public static func startKeys(_ handle: @escaping @Sendable (Key) -> Void) {
    DetachedThread.start {
      while true {
        guard case .success(let buffer) = Descriptor.read(Terminal.input, limit: 16),
          !buffer.isEmpty
        else {
          handle(.endOfInput)
          return
        }
        let count = buffer.count
        var index = 0
        while index < count {
          let byte = buffer[index]
          if byte == 0x1B {
            index = count  // an escape sequence (arrow keys and the like): ignored whole
            continue
          }
          handle(byte == 10 || byte == 13 ? .enter : .character(Character(UnicodeScalar(byte))))
          index += 1
        }
      }
    }
  }

  /// The most of a line kept: a line stands for its first character, so the rest of a longer
  /// one (an endless stream without a line break) is read and dropped, never held.
  public static let maximumLine = 4096

  /// Starts reading lines (plain mode): an empty line is Enter, otherwise its first character.
  /// Read a chunk at a time, each line held to ``maximumLine`` bytes.
  public static func startLines(_ handle: @escaping @Sendable (Key) -> Void) {
    DetachedThread.start {
      var line: [UInt8] = []
      func deliver() {
        if line.last == 13 { line.removeLast() }
        let trimmed = PlainText.trimmed(String(decoding: line, as: UTF8.self))
        handle(trimmed.isEmpty ? .enter : .character(trimmed.first!))
        line.removeAll(keepingCapacity: true)
      }
      while true {
        guard case .success(let buffer) = Descriptor.read(Terminal.input, limit: 4096),
          !buffer.isEmpty
        else { break }
        for byte in buffer {
          if byte == 10 {
            deliver()
          } else if line.count < maximumLine {
            line.append(byte)
          }
        }
      }
      // The last line counts without its line break, as readLine gives it.
      if !line.isEmpty { deliver() }
      handle(.endOfInput)
    }
  }
}
