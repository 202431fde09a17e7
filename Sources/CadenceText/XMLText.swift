/// Text and attribute values of XML 1.0, as in an SVG file.
///
/// `&`, `<` and `>` are written as entities in text; in an attribute value (always written
/// between double quotes) `"` and `'` are too, and a tab, a line feed and a carriage return
/// are written as character references, so that attribute normalisation keeps them; in text
/// they become spaces (a label is one line). A character XML 1.0 does not allow (the C0
/// controls but tab, line feed and carriage return, U+FFFE and U+FFFF), one it discourages
/// and a viewer could act on (DEL, the C1 controls), a bidirectional control that would
/// reorder what a reader sees and an invisible character that could hide text (the ones
/// ``TerminalText`` escapes where they stand) becomes U+FFFD, the replacement character.
public enum XMLText {
  /// `text` as character data.
  public static func text(_ text: String) -> String { escape(text, attribute: false) }

  /// `text` as an attribute value, to be written between double quotes.
  public static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var body = ""
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      if let entity = MarkupEntity.entity(for: scalar, quotes: attribute) {
        body += entity
        return true
      }
      switch scalar {
      case "\t", "\n", "\r":
        if attribute { body += "&#\(scalar.value);" } else { body += " " }
      default:
        let value = scalar.value
        if value == 0xFFFE || value == 0xFFFF || escaped {
          body += "\u{FFFD}"
        } else {
          body.unicodeScalars.append(scalar)
        }
      }
      return true
    }
    return body
  }
}
