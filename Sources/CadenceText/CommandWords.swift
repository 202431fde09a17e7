/// A command line written as one setting (`session.command`), split into its words the way a
/// shell would split them, but with nothing else a shell does: 'single' and "double" quotes
/// group words, a backslash keeps the next character (outside single quotes); no variables,
/// globs, pipes or redirections.
public enum CommandWords {
  /// The words, or nil when a quote is left open or there are none.
  public static func split(_ text: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\", quote != "'" {
        escaped = true
        inWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaped else { return nil }
    if inWord { words.append(word) }
    return words.isEmpty ? nil : words
  }
}
