/// Text for Pango markup, as waybar reads a custom module's `text` and `tooltip` and as
/// i3blocks reads `full_text` with `markup=pango`: shown as it is, never as markup.
///
/// `&`, `<`, `>`, `"` and `'` are written as the entities `&amp;`, `&lt;`, `&gt;`, `&quot;`
/// and `&apos;` (so "Push & Pull" is valid markup and `<span ...>` restyles nothing), after
/// control characters are escaped as ``TerminalText`` does.
public enum PangoText {
  /// `text` as one line: line breaks and tabs escaped too.
  public static func line(_ text: String) -> String { escape(TerminalText.line(text)) }

  /// `text` as lines, its line feeds and tabs kept (a tooltip of several lines).
  public static func block(_ text: String) -> String { escape(TerminalText.block(text)) }

  private static func escape(_ text: String) -> String {
    var body = ""
    body.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let entity = MarkupEntity.entity(for: scalar, quotes: true) {
        body += entity
      } else {
        body.unicodeScalars.append(scalar)
      }
    }
    return body
  }
}
