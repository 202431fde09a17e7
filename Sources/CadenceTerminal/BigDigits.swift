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

  /// The text in big digits, five lines; characters without a glyph are left out.
  public static func render(_ text: String) -> [String] {
    var rows = Array(repeating: "", count: 5)
    for character in text {
      guard let glyph = glyphs[character] else { continue }
      for row in 0..<5 { rows[row] += glyph[row] + " " }
    }
    return rows
  }
}
