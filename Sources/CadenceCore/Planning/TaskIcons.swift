import CadenceText

/// The icons offered for tasks, by name, and how a given icon is read.
public enum TaskIcons {
  public static let choices: [(name: String, icon: String)] = [
    ("book", "📚"), ("note", "📝"), ("laptop", "💻"), ("run", "🏃"), ("music", "🎵"),
    ("art", "🎨"), ("science", "🧪"), ("plant", "🌱"), ("cook", "🍳"), ("calm", "🧘"),
    ("idea", "💡"), ("chart", "📈"), ("clean", "🧹"), ("world", "🌍"), ("target", "🎯"),
    ("star", "⭐"),
  ]

  /// The icon for `raw`: a name from the list (`book`), its number, or an emoji given as it
  /// is. `pick` asks on a terminal with `ask`, which returns the line typed.
  public static func resolve(_ raw: String, interactive: Bool, ask: () -> String?)
    throws(RuleRefusal) -> String
  {
    let word = raw.lowercased()
    if word == "pick" || word == "?" {
      guard interactive else {
        throw RuleRefusal(sentence: "--icon pick needs a terminal; give one of \(listing)")
      }
      return try resolve(ask() ?? "", interactive: false, ask: ask)
    }
    if let number = Int(word), (1...choices.count).contains(number) {
      return choices[number - 1].icon
    }
    if let match = choices.first(where: { $0.name == word || $0.icon == raw }) { return match.icon }
    let isEmoji =
      raw.count == 1
      && raw.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.properties.isEmoji }
      && !raw.unicodeScalars.contains { $0.isASCII }
    guard isEmoji else {
      throw RuleRefusal(
        sentence: "\(QuotedText.quote(raw)) is not an icon; give an emoji or one of \(listing)")
    }
    return raw
  }

  public static var listing: String {
    choices.map { "\($0.name) \($0.icon)" }.joined(separator: ", ")
  }
}
