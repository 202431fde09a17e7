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
  static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1B, 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F,
      0x2010...0x2027, 0x2030...0x205F, 0x2070...0x20CF, 0x2100...0x25FF:
      return true
    default:
      return false
    }
  }

  /// Whether every scalar of `line` is plain, so that its scalars are its characters.
  static func isPlain(_ line: String) -> Bool {
    line.unicodeScalars.allSatisfy(isPlain)
  }

  /// Cuts `line` to `width` columns, keeping escape sequences (colours) whole and in place;
  /// the characters past the width, and anything after them, are left out.
  static func clip(_ line: String, _ width: Int) -> String {
    // No more characters than bytes: a line of no more bytes than the width fits.
    if line.utf8.count <= width { return line }
    var visible = 0
    var inEscape = false
    let scalars = line.unicodeScalars
    for index in scalars.indices {
      let scalar = scalars[index]
      // Up to a plain scalar, every scalar was a character and this one starts another: the
      // cut there is where cutting by characters would make it.
      guard isPlain(scalar) else { return clipCharacters(line, width) }
      if scalar == "\u{1B}" { inEscape = true }
      if !inEscape {
        if visible >= width { return String(scalars[..<index]) }
        visible += 1
      }
      if inEscape, isLetter(scalar) { inEscape = false }
    }
    return line
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
    var count = 0
    for scalar in line.unicodeScalars {
      guard isPlain(scalar) else { return PlainText.width(line) }
      count += 1
    }
    return count
  }

  /// A letter, as `Character.isLetter` says: ends an escape sequence.
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      ? (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
      : Character(scalar).isLetter
  }
}
