/// What a tag may be, for routines and tasks alike: a word or short phrase without commas
/// (they separate tags on the command line and in CSV), at most 40 characters.
public enum TagText {
  public static let maximumLength = 40

  /// The tag without surrounding spaces.
  public static func trimmed(_ text: String) -> String {
    String(
      text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

  /// Why `tag` cannot be a tag, as the end of a sentence; nil when it can.
  public static func problem(with tag: String) -> String? {
    if tag.isEmpty { return "is an empty tag; give it a word such as \"legs\"" }
    if tag.contains(",") {
      return "contains a comma; give each tag separately, such as { \"legs\", \"hiit\" }"
    }
    if tag.count > maximumLength {
      return "is \(tag.count) characters long; keep a tag to \(maximumLength)"
    }
    if tag.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "contains a control character; a tag is plain text"
    }
    return nil
  }
}
