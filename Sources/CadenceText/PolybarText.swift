/// One line of text for polybar to show as it is, as a `custom/script` module prints it.
///
/// polybar reads its modules' text for formatting tags: every `%{` opens one (`%{F#f00}`
/// colours, `%{A1:command:}` makes a click run a command) and polybar has no escape for it
/// (`%%` is not one: polybar shows both, then still reads the `%{`). So a zero-width space
/// (U+200B, which polybar draws as nothing or drops) is written between a `%` and a `{` that
/// follows it, and after a `%` that ends the text, which would otherwise open a tag with
/// whatever follows it in the module's label. Every other `%`, "35%" among them, stays as it
/// is. Control characters are escaped first, as ``TerminalText/line(_:)`` does, so the text
/// is one line.
public enum PolybarText {
  /// The character written between `%` and `{`.
  public static let separator: Unicode.Scalar = "\u{200B}"

  /// `text` as one line, with no `%{` in it and no `%` at its end.
  public static func line(_ text: String) -> String {
    var body = ""
    var afterPercent = false
    for scalar in TerminalText.line(text).unicodeScalars {
      if afterPercent && scalar == "{" { body.unicodeScalars.append(separator) }
      body.unicodeScalars.append(scalar)
      afterPercent = scalar == "%"
    }
    if afterPercent { body.unicodeScalars.append(separator) }
    return body
  }
}
