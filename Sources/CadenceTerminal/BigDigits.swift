import Synchronization

/// A five-row block font for the digits and the colon of the countdown.
public enum BigDigits {
  public static let glyphs: [Character: [String]] = [
    "0": ["█████", "█   █", "█   █", "█   █", "█████"],
    "1": ["  ██ ", "   █ ", "   █ ", "   █ ", "  ███"],
    "2": ["█████", "    █", "█████", "█    ", "█████"],
    "3": ["█████", "    █", " ████", "    █", "█████"],
    "4": ["█   █", "█   █", "█████", "    █", "    █"],
    "5": ["█████", "█    ", "█████", "    █", "█████"],
    "6": ["█████", "█    ", "█████", "█   █", "█████"],
    "7": ["█████", "    █", "   █ ", "  █  ", "  █  "],
    "8": ["█████", "█   █", "█████", "█   █", "█████"],
    "9": ["█████", "█   █", "█████", "    █", "█████"],
    ":": ["   ", " █ ", "   ", " █ ", "   "],
    "+": ["     ", "  █  ", "█████", "  █  ", "     "],
    "-": ["     ", "     ", "█████", "     ", "     "],
  ]

  /// The glyphs' rows by ASCII code as UTF-8, each with the space that follows it, so that a
  /// time is drawn by copying bytes, without hashing a character or growing a string.
  private static let byCode: [[[UInt8]]?] = (0..<128).map { code in
    glyphs[Character(Unicode.Scalar(UInt8(code)))]?.map { Array(($0 + " ").utf8) }
  }

  /// The last text drawn and its rows: a view draws the same time several times over.
  private static let drawn = Mutex<(text: String, rows: [String])?>(nil)

  /// The text in big digits, five lines; characters without a glyph are left out.
  public static func render(_ text: String) -> [String] {
    if let kept = drawn.withLock({ $0 }), kept.text == text { return kept.rows }
    // ASCII is one character a byte; anything else is read by characters.
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return renderCharacters(text) }
    let glyphs = text.utf8.compactMap { byCode[Int($0)] }
    let rows = (0..<5).map { row in
      let length = glyphs.reduce(0) { $0 + $1[row].count }
      return String(unsafeUninitializedCapacity: length) { text in
        var end = 0
        for glyph in glyphs {
          for byte in glyph[row] {
            text[end] = byte
            end += 1
          }
        }
        return end
      }
    }
    drawn.withLock { $0 = (text, rows) }
    return rows
  }

  /// `render` by characters, for text that is not ASCII.
  private static func renderCharacters(_ text: String) -> [String] {
    var rows = Array(repeating: "", count: 5)
    for character in text {
      guard let glyph = glyphs[character] else { continue }
      for row in 0..<5 { rows[row] += glyph[row] + " " }
    }
    return rows
  }
}
