/// What a command accepts, with the words its help shows.
public struct CommandSpec: Sendable, Equatable {
  public var name: String
  /// One line saying what the command does.
  public var abstract: String
  var discussion: String?
  /// Example command lines, shown in help.
  public var examples: [String]
  public var options: [OptionSpec]
  public var positionals: [PositionalSpec]
  /// Groups of options of which at most one may be given (such as `--json` and `--csv`).
  public var exclusive: [[String]]
  /// The actions named by the first argument (`task add`, `config set`), each a command with
  /// its own options, arguments, help and examples: the parser reads the rest of the line as
  /// that subcommand's, and help, the manual page and completion show each. The command's
  /// `options` hold every subcommand's too (each once), for what comes before the subcommand.
  public var subcommands: [CommandSpec]
  /// Whether the command must be given a subcommand (`task`); otherwise it runs alone too
  /// (`shop` lists, `history` lists the sessions).
  public var subcommandRequired: Bool

  public init(
    name: String, abstract: String, discussion: String? = nil, examples: [String],
    options: [OptionSpec] = [], positionals: [PositionalSpec] = [], exclusive: [[String]] = [],
    subcommands: [CommandSpec] = [], subcommandRequired: Bool = false
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
    self.subcommandRequired = subcommandRequired && !subcommands.isEmpty
  }

  /// The subcommand `word` names (compared without regard to case), if any.
  public func subcommand(_ word: String) -> CommandSpec? {
    subcommands.first { $0.name == word.lowercased() }
  }

  /// The subcommand `name` names as a command of its own, called by both words (`task add`),
  /// so that its usage line and its refusals say `cadence task add`; this command when `name`
  /// is nil or not one of its subcommands.
  public func qualified(_ name: String?) -> CommandSpec {
    guard let name, var subcommand = subcommand(name) else { return self }
    subcommand.name = "\(self.name) \(subcommand.name)"
    return subcommand
  }

  /// The refusal of `word` where a subcommand was expected: one sentence naming the nearest
  /// subcommands (or all of them), then the usage line.
  func unknownSubcommand(_ word: String) -> UsageError {
    let names = subcommands.map(\.name)
    let near = Nearest.words(to: word.lowercased(), among: names)
    let hint =
      near.isEmpty
      ? "use \(ValueKind.list(names))" : "did you mean \(ValueKind.list(near))?"
    return UsageError(
      "\(ValueKind.quote(word)) is not a subcommand of cadence \(name); \(hint)", usage: usage)
  }

  /// `cadence plan FILE [--set NAME=VALUE ...] [--json]`
  public var usage: String { usage(as: ["cadence", name]) }

  /// The usage line with `words` in front, such as `cadence task add NAME [--goal GOAL]`.
  func usage(as words: [String]) -> String {
    var parts = words
    if !subcommands.isEmpty { parts.append(subcommandRequired ? "SUBCOMMAND" : "[SUBCOMMAND]") }
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
