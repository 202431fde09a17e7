/// A positional argument: `FILE`, or `FILE...` when it takes more than one.
public struct PositionalSpec: Sendable, Equatable {
  public var name: String
  public var help: String
  public var minimum: Int
  /// nil for no upper bound.
  public var maximum: Int?
  /// What the argument is: offered by completion (and checked by the parser when a number or
  /// a choice).
  public var kind: ValueKind

  /// Without a `kind`, an argument named FILE is a file, FILE|NAME a routine, and any other
  /// text.
  public init(
    _ name: String, help: String, minimum: Int = 1, maximum: Int? = 1, kind: ValueKind? = nil
  ) {
    self.name = name
    self.help = help
    self.minimum = minimum
    self.maximum = maximum
    self.kind = kind ?? (name == "FILE" ? .file : name == "FILE|NAME" ? .routine : .text)
  }
}
