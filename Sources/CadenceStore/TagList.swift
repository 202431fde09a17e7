import CadenceText

/// Tags as one column: comma-separated, each trimmed, empty ones dropped.
public enum TagList {
  public static func joined(_ tags: [String]) -> String { tags.joined(separator: ",") }

  public static func split(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { PlainText.trimmed($0) }
      .filter { !$0.isEmpty }
  }
}
