import CadenceSystem
import CadenceText
import FoundationEssentials

/// The icons offered for tasks, by name, and the picker that lists them on a terminal.
enum TaskIcons {
  static let choices: [(name: String, icon: String)] = [
    ("book", "📚"), ("note", "📝"), ("laptop", "💻"), ("run", "🏃"), ("music", "🎵"),
    ("art", "🎨"), ("science", "🧪"), ("plant", "🌱"), ("cook", "🍳"), ("calm", "🧘"),
    ("idea", "💡"), ("chart", "📈"), ("clean", "🧹"), ("world", "🌍"), ("target", "🎯"),
    ("star", "⭐"),
  ]

  /// The icon for `raw`: a name from the list (`book`), its number, or an emoji given as it
  /// is. `pick` asks on a terminal with `ask`, which returns the line typed.
  static func resolve(_ raw: String, interactive: Bool, ask: () -> String?) throws(PlanningInput
    .Refusal) -> String
  {
    let word = raw.lowercased()
    if word == "pick" || word == "?" {
      guard interactive else {
        throw PlanningInput.Refusal(
          sentence: "--icon pick needs a terminal; give one of \(listing)")
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
      throw PlanningInput.Refusal(
        sentence: "\(QuotedText.quote(raw)) is not an icon; give an emoji or one of \(listing)")
    }
    return raw
  }

  static var listing: String { choices.map { "\($0.name) \($0.icon)" }.joined(separator: ", ") }

  /// The picker's lines: numbered choices, four to a line.
  static var menu: String {
    var lines: [String] = ["Choose an icon:"]
    for start in stride(from: 0, to: choices.count, by: 4) {
      let row = choices[start..<min(start + 4, choices.count)].enumerated().map {
        let number = String(start + $0.offset + 1).leftPadded(to: 3)
        return
          "\(number) \($0.element.icon) \(PlainText.padded($0.element.name, to: 8))"
      }
      lines.append(row.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\nIcon (number, name or emoji): "
  }

  /// Shows the menu and reads one line from the terminal.
  static func askOnTerminal(_ console: Console) -> String? {
    console.out(menu)
    return readLine(strippingNewline: true)
  }

  /// Whether both standard input and output are terminals, so a picker can be shown.
  static func isInteractive(_ console: Console) -> Bool {
    console.isTerminal && Terminal.isTerminal(Descriptor.standardInput)
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
