/// Everyday text edits that Foundation's `NSString` used to make: trimming blanks and padding
/// to a column, without linking Foundation's internationalisation.
public enum PlainText {
  /// `text` without the spaces and tabs at either end (what Foundation calls whitespace: a tab
  /// or any space separator); line breaks stay.
  public static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
    let scalars = String(text).unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isBlank($0) })!
    return String(Substring(scalars[first...last]))
  }

  /// `text` cut or filled with spaces to exactly `width` columns of a terminal (see
  /// ``width(_:)``), for a column of a table. A wide character that would cross the edge is
  /// left out, and a space fills its place.
  public static func padded(_ text: String, to width: Int) -> String {
    let shown = Self.width(text)
    if shown <= width { return text + String(repeating: " ", count: width - shown) }
    var cut = ""
    var used = 0
    for character in text {
      let columns = Self.width(character)
      if used + columns > width { break }
      cut.append(character)
      used += columns
    }
    return cut + String(repeating: " ", count: width - used)
  }

  /// How many columns of a terminal `text` takes: two for a wide character (East Asian wide
  /// and full-width characters, an emoji shown as one, a family or a flag among them), none
  /// for a mark or format character with nothing to sit on, one for every other character.
  /// Text escaped by ``TerminalText`` takes as many columns as its escapes have characters.
  public static func width(_ text: String) -> Int {
    if TerminalText.isPrintableASCII(text) { return text.utf8.count }
    var total = 0
    for character in text { total += width(character) }
    return total
  }

  /// The columns one character takes (see ``width(_:)``).
  public static func width(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    let first = scalars.first!
    if first.value < 0x300 { return 1 }
    for scalar in scalars {
      let properties = scalar.properties
      if properties.isEmojiPresentation { return 2 }
      if scalar == "\u{FE0F}", first.properties.isEmoji { return 2 }
    }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return first.properties.isDefaultIgnorableCodePoint ? 0 : 1
    }
  }

  /// Whether a character starting with `value` is East Asian wide or full-width.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
      0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }
}
