/// What a command accepts, with the words its help shows.
public struct CommandSpec: Sendable, Equatable {
  public var name: String
  /// One line saying what the command does.
  public var abstract: String
  public var discussion: String?
  /// Example command lines, shown in help.
  public var examples: [String]
  public var options: [OptionSpec]
  public var positionals: [PositionalSpec]
  /// Groups of options of which at most one may be given (such as `--json` and `--csv`).
  public var exclusive: [[String]]
  /// The actions named by the first argument (`task add`, `config set`), each with its own
  /// options and arguments, as help, the manual page and completion show them. The command's
  /// `options` hold every subcommand's too (each once), so the parser accepts them.
  public var subcommands: [CommandSpec]

  public init(
    name: String, abstract: String, discussion: String? = nil, examples: [String],
    options: [OptionSpec] = [], positionals: [PositionalSpec] = [], exclusive: [[String]] = [],
    subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.examples = examples
    var all = options
    for option in subcommands.flatMap(\.options)
    where !all.contains(where: { $0.name == option.name }) {
      all.append(option)
    }
    self.options = all
    self.positionals = positionals
    self.exclusive = exclusive
    self.subcommands = subcommands
  }

  /// The subcommand `word` names (compared without regard to case), if any.
  public func subcommand(_ word: String) -> CommandSpec? {
    subcommands.first { $0.name == word.lowercased() }
  }

  /// `cadence plan FILE [--set NAME=VALUE ...] [--json]`
  public var usage: String { usage(as: ["cadence", name]) }

  /// The usage line with `words` in front, such as `cadence task add NAME [--goal GOAL]`.
  public func usage(as words: [String]) -> String {
    var parts = words
    for positional in positionals {
      var word = positional.name
      if positional.maximum == nil || (positional.maximum ?? 1) > 1 { word += "..." }
      parts.append(positional.minimum == 0 ? "[\(word)]" : word)
    }
    for option in options {
      var word = "--\(option.name)"
      if let value = option.valueName { word += " \(value)" }
      if option.repeatable { word += " ..." }
      parts.append("[\(word)]")
    }
    return parts.joined(separator: " ")
  }
}
