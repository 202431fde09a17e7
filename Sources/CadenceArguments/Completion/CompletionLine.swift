/// A command line read as the parser reads it, as far as the word being completed: the
/// positional arguments before it, the database it names, and what the next word is.
struct CompletionLine: Sendable {
  var positionals: [String] = []
  /// Where the first positional argument is among the words.
  var firstPositional: Int?
  /// Whether the next word is an option's value.
  var isOptionValue = false
  /// The value of the option named `databaseOption`, when the line gives one.
  var database: String?
  /// The kind of the next word: an option's value, or the next positional argument's.
  var kind: ValueKind?

  init(_ words: ArraySlice<String>, of command: CommandSpec, databaseOption: String) {
    var pending: OptionSpec?
    var optionsEnded = false
    for (index, word) in zip(words.indices, words) {
      if let option = pending {
        if option.name == databaseOption { database = word }
        pending = nil
      } else if optionsEnded || word == "-" || !word.hasPrefix("-")
        || word.dropFirst().first?.isNumber == true
      {
        if positionals.isEmpty { firstPositional = index - words.startIndex }
        positionals.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        if word[..<equals] == "--" + databaseOption {
          database = String(word[word.index(after: equals)...])
        }
      } else {
        let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : nil
        let letter = word.count == 2 ? word.last : nil
        pending = command.options.first { option in
          !option.isFlag && (option.name == name || (letter != nil && option.short == letter))
        }
      }
    }
    if let option = pending {
      kind = option.kind
      isOptionValue = true
      positionals = []
      return
    }
    var index = positionals.count
    for positional in command.positionals {
      guard let maximum = positional.maximum, index >= maximum else {
        kind = positional.kind
        return
      }
      index -= maximum
    }
  }
}
