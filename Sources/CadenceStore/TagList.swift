import Foundation

/// Tags as one column: comma-separated, each trimmed, empty ones dropped.
public enum TagList {
  public static func joined(_ tags: [String]) -> String { tags.joined(separator: ",") }

  public static func split(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}
