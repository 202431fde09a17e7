/// Turns the bytes a terminal sends into key presses: characters, Enter, Backspace, Escape
/// and the arrow keys (`ESC [ A` and `ESC O A` and their kin). A sequence split across reads
/// is completed by the next read, and many presses in one read (a held key's repeats, when the
/// program was busy) come out one each: none dropped, none doubled.
public struct KeyDecoder {
  public enum Key: Sendable, Equatable {
    case character(Character)
    case enter
    case backspace
    case escape
    case up, down, left, right
    /// The terminal has gone (closed or hung up): no key will come again. Never decoded from
    /// bytes; the reader sends it when standard input ends.
    case endOfInput
  }

  private var pending: [UInt8] = []

  /// The longest escape sequence held back: a terminal's keys take a few bytes. Past this the
  /// start is dropped, so a stream that opens a sequence and never ends it (`ESC [` then
  /// digits without end) costs no more than this.
  public static let maximumSequence = 32

  /// Whether bytes are held back waiting for the rest of a sequence (a lone Escape is
  /// released by `flush()` when nothing more arrives).
  public var isWaiting: Bool { !pending.isEmpty }

  /// The keys completed by `bytes`.
  public mutating func feed<S: Sequence>(_ bytes: S) -> [Key] where S.Element == UInt8 {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    decoding: while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x1B:
        guard index + 1 < pending.count else { break decoding }
        let next = pending[index + 1]
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
          // Parameters, then one final byte from @ to ~.
          var end = index + 2
          while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
          guard end - index <= Self.maximumSequence else {
            // No key is this long: it is dropped, and decoding goes on after it.
            index = end < pending.count ? end + 1 : end
            continue decoding
          }
          guard end < pending.count else { break decoding }
          switch pending[end] {
          case UInt8(ascii: "A"): keys.append(.up)
          case UInt8(ascii: "B"): keys.append(.down)
          case UInt8(ascii: "C"): keys.append(.right)
          case UInt8(ascii: "D"): keys.append(.left)
          default: break
          }
          index = end + 1
        } else {
          keys.append(.escape)
          index += 1
        }
      case 0x0A, 0x0D:
        keys.append(.enter)
        index += 1
      case 0x7F, 0x08:
        keys.append(.backspace)
        index += 1
      case 0x00..<0x20:
        index += 1
      case 0x20..<0x80:
        keys.append(.character(Character(UnicodeScalar(byte))))
        index += 1
      default:
        // UTF-8: a lead byte and its continuation bytes make one character.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else { break decoding }
        let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
        if let character = text.first, character != "\u{FFFD}" {
          keys.append(.character(character))
        }
        index += length
      }
    }
    pending.removeFirst(index)
    return keys
  }

  /// Releases what is held back: a lone Escape, or the start of a sequence that never ended.
  public mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending.first == 0x1B ? [.escape] : []
  }
}
