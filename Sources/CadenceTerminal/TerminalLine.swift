import CadenceText
import Synchronization

/// A line of a frame read by its Unicode scalars, which is many times cheaper than by
/// characters (no grapheme breaking) and gives the same answer when every scalar is a
/// character of its own: printable, one column wide, and never joined to its neighbours
/// (no combining mark, joiner or format control). A line with any other scalar is read by
/// characters, each taking the columns a terminal gives it (two for CJK and emoji, none for a
/// combining mark; see `PlainText.width`).
enum TerminalLine {
  /// Whether `scalar` is a character of its own on every terminal, one column wide: ASCII,
  /// Latin, Greek and Cyrillic letters, punctuation, arrows, box drawing, blocks and the
  /// geometric shapes; or the escape that starts a colour. Combining marks (U+0300-036F,
  /// U+0483-0489, U+20D0-20FF), the soft hyphen and the format controls of general
  /// punctuation are left out, since they join or vanish.
  static func isPlain(_ scalar: Unicode.Scalar) -> Bool { isPlain(scalar.value) }

  /// `isPlain` of the scalar whose value is `value`.
  @inline(__always)
  static func isPlain(_ value: UInt32) -> Bool {
    switch value {
    case 0x1B, 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F,
      0x2010...0x2027, 0x2030...0x205F, 0x2070...0x20CF, 0x2100...0x25FF:
      return true
    default:
      return false
    }
  }

  /// Whether every scalar of `line` is plain, so that its scalars are its characters.
  static func isPlain(_ line: String) -> Bool {
    withBytes(line) { bytes in
      var offset = 0
      while offset < bytes.count {
        let (value, length) = scalar(in: bytes, at: offset)
        guard isPlain(value) else { return false }
        offset += length
      }
      return true
    }
  }

  /// Whether `line` holds an escape (a colour, or any other sequence).
  static func hasEscape(_ line: String) -> Bool {
    withBytes(line) { $0.contains(0x1B) }
  }

  /// Calls `body` with the UTF-8 of `line`, contiguous (copied into place only when it is not).
  /// A frame's lines are read by their bytes: walking a string's scalars by index costs many
  /// times more, and a view reads every changed line each second.
  static func withBytes<Result>(_ line: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    if let result = line.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = line
    copy.makeContiguousUTF8()
    return copy.utf8.withContiguousStorageIfAvailable(body)
      ?? body(UnsafeBufferPointer(start: nil, count: 0))
  }

  /// The scalar that starts at `offset` of `bytes` (a string's UTF-8, so well formed) and the
  /// number of bytes it takes.
  @inline(__always)
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    let second = UInt32(bytes[offset + 1] & 0x3F)
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | second, 2) }
    let third = UInt32(bytes[offset + 2] & 0x3F)
    if lead < 0xF0 { return ((lead & 0x0F) << 12 | second << 6 | third, 3) }
    let fourth = UInt32(bytes[offset + 3] & 0x3F)
    return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
  }

  /// Cuts `line` to `width` columns, keeping escape sequences (colours) whole and in place;
  /// the characters past the width, and anything after them, are left out.
  static func clip(_ line: String, _ width: Int) -> String {
    // No more characters than bytes: a line of no more bytes than the width fits.
    if line.utf8.count <= width { return line }
    let plain = withBytes(line) { bytes -> String?? in
      var visible = 0
      var inEscape = false
      var offset = 0
      while offset < bytes.count {
        let (value, length) = scalar(in: bytes, at: offset)
        // Up to a plain scalar, every scalar was a character and this one starts another: the
        // cut there is where cutting by characters would make it.
        guard isPlain(value) else { return nil }
        if value == 0x1B { inEscape = true }
        if !inEscape {
          if visible >= width {
            return .some(
              String(decoding: UnsafeBufferPointer(rebasing: bytes[..<offset]), as: UTF8.self))
          }
          visible += 1
        }
        if inEscape, isLetter(value) { inEscape = false }
        offset += length
      }
      return .some(nil)
    }
    guard let plain else { return clipCharacters(line, width) }
    return plain ?? line
  }

  /// `clip` by characters, for a line that is not plain: a wide character that would cross
  /// the width is left out with what follows.
  static func clipCharacters(_ line: String, _ width: Int) -> String {
    var visible = 0
    var result = ""
    var inEscape = false
    for character in line {
      if character == "\u{1B}" { inEscape = true }
      if !inEscape {
        let columns = PlainText.width(character)
        if visible >= width || visible + columns > width { break }
        visible += columns
      }
      result.append(character)
      if inEscape, character.isLetter { inEscape = false }
    }
    return result
  }

  /// Whether two lines are the same bytes: what the screen shows of them is then the same
  /// (comparing as `==` does, by canonical equivalence, costs far more for lines that are
  /// not ASCII).
  static func same(_ one: String, _ other: String) -> Bool {
    guard one.utf8.count == other.utf8.count else { return false }
    let answer = one.utf8.withContiguousStorageIfAvailable { first in
      other.utf8.withContiguousStorageIfAvailable { second in
        sameBytes(UnsafeRawBufferPointer(first), UnsafeRawBufferPointer(second))
      }
    }
    return (answer ?? nil) ?? one.utf8.elementsEqual(other.utf8)
  }

  /// Whether two buffers of the same length hold the same bytes, compared eight at a time.
  private static func sameBytes(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
    -> Bool
  {
    var offset = 0
    while offset + 8 <= first.count {
      guard
        first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < first.count {
      guard first[offset] == second[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// `line` cut to its first `count` columns.
  static func prefix(_ line: String, _ count: Int) -> String {
    isPlain(line) ? String(line.unicodeScalars.prefix(count)) : clipCharacters(line, count)
  }

  private struct Piece: Hashable {
    var scalar: UInt32
    var count: Int
  }

  /// The runs of one character made lately: a frame draws the same rules, bars and gaps
  /// second after second.
  private static let made = Mutex<[Piece: String]>([:])

  /// `scalar` repeated `count` times (none for a count below one).
  static func repeated(_ scalar: Unicode.Scalar, _ count: Int) -> String {
    guard count > 0 else { return "" }
    let piece = Piece(scalar: scalar.value, count: count)
    if let kept = made.withLock({ $0[piece] }) { return kept }
    let text = String(repeating: String(scalar), count: count)
    made.withLock { made in
      // A few widths are in use at a time: forget them all when the window has changed often.
      if made.count >= 256 { made.removeAll() }
      made[piece] = text
    }
    return text
  }

  /// How many columns `line` takes: its scalars, when it is plain; otherwise its characters'
  /// widths (an escape's characters each count one, as they always have).
  static func count(_ line: String) -> Int {
    let plain = withBytes(line) { bytes -> Int? in
      var count = 0
      var offset = 0
      while offset < bytes.count {
        let (value, length) = scalar(in: bytes, at: offset)
        guard isPlain(value) else { return nil }
        count += 1
        offset += length
      }
      return count
    }
    return plain ?? PlainText.width(line)
  }

  /// A letter, as `Character.isLetter` says: ends an escape sequence.
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool { isLetter(scalar.value) }

  /// `isLetter` of the scalar whose value is `value`.
  static func isLetter(_ value: UInt32) -> Bool {
    if value < 0x80 { return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    return Unicode.Scalar(value).map { Character($0).isLetter } ?? false
  }
}
