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

  /// `text` cut or filled with spaces to exactly `width` characters, for a column.
  public static func padded(_ text: String, to width: Int) -> String {
    let count = text.count
    if count >= width { return String(text.prefix(width)) }
    return text + String(repeating: " ", count: width - count)
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }
}
