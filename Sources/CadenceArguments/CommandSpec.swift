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

  public init(
    name: String, abstract: String, discussion: String? = nil, examples: [String],
    options: [OptionSpec] = [], positionals: [PositionalSpec] = [], exclusive: [[String]] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.examples = examples
    self.options = options
    self.positionals = positionals
    self.exclusive = exclusive
  }

  /// `cadence plan FILE [--set NAME=VALUE ...] [--json]`
  public var usage: String {
    var parts = ["cadence", name]
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
