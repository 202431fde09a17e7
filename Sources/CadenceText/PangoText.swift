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
      switch scalar {
      case "&": body += "&amp;"
      case "<": body += "&lt;"
      case ">": body += "&gt;"
      case "\"": body += "&quot;"
      case "'": body += "&apos;"
      default: body.unicodeScalars.append(scalar)
      }
    }
    return body
  }
}
