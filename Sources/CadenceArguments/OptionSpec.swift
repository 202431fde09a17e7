/// An option a command accepts: a flag (`--json`) or an option with a value (`--set k=v`).
public struct OptionSpec: Sendable, Equatable {
  public var name: String
  public var short: Character?
  /// The placeholder for the value in help; nil for a flag.
  var valueName: String?
  /// One sentence, ending in a full stop.
  public var help: String
  public var repeatable: Bool
  /// What the value is: checked by the parser, offered by completion.
  public var kind: ValueKind

  /// A flag when `valueName` is nil. Without a `kind`, a value named FILE or PATH is a file and
  /// any other value is text.
  public init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, help: String,
    repeatable: Bool = false, kind: ValueKind? = nil
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.help = help
    self.repeatable = repeatable
    self.kind = kind ?? (["FILE", "PATH"].contains(valueName ?? "") ? .file : .text)
  }

  var isFlag: Bool { valueName == nil }
}
