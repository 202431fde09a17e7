/// Text from a script shown as a short message (a hook's message or title): flattened rather
/// than escaped, since the script chose it to be read.
///
/// The characters ``TerminalText`` escapes where they stand (escape sequences, line breaks,
/// bidirectional controls, zero-width and other invisible characters among them) become
/// spaces, while a joiner inside an emoji stays, surrounding white space is trimmed, and
/// text longer than the limit is cut with an ellipsis.
public enum DisplayText {
  /// `text` flattened to one clean line of at most `limit` characters.
  public static func flattened(_ text: String, limit: Int) -> String {
    var spaced = ""
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      spaced.unicodeScalars.append(escaped ? " " : scalar)
      return true
    }
    var cleaned = Substring(spaced)
    while let first = cleaned.first, first.isWhitespace { cleaned.removeFirst() }
    while let last = cleaned.last, last.isWhitespace { cleaned.removeLast() }
    guard cleaned.count > limit else { return String(cleaned) }
    return String(cleaned.prefix(limit - 1)) + "…"
  }
}
