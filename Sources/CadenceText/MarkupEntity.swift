/// The characters markup gives a meaning to, written as entities: one table for every markup
/// outlet (a notification's body, Pango markup, XML), so that none escapes fewer of them.
enum MarkupEntity {
  /// The entity that writes `scalar`, or nil when it stands for itself: `&`, `<` and `>`
  /// always; `"` and `'` when `quotes` (written `&quot;` and `apostrophe`, as the reader
  /// knows it: `&apos;` in XML and Pango, `&#39;` where HTML 4's entities are all there is).
  static func entity(for scalar: Unicode.Scalar, quotes: Bool, apostrophe: String = "&apos;")
    -> String?
  {
    switch scalar {
    case "&": return "&amp;"
    case "<": return "&lt;"
    case ">": return "&gt;"
    case "\"" where quotes: return "&quot;"
    case "'" where quotes: return apostrophe
    default: return nil
    }
  }
}
