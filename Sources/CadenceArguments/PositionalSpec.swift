/// A positional argument: `FILE`, or `FILE...` when it takes more than one. Declared through
/// a typed ``Positional``, which also says how its text is read.
public struct PositionalSpec: Sendable, Equatable {
  public var name: String
  public var help: String
  public var minimum: Int
  /// nil for no upper bound.
  public var maximum: Int?
  /// What the argument is: offered by completion (and checked by the parser when a number or
  /// a choice).
  public var kind: ValueKind
  /// The refusal of a text the argument's ``Positional`` cannot read (a whole sentence), or
  /// nil; the parser asks it of every text given.
  var check: (@Sendable (String) -> String?)?

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

  /// Why `text` is refused, as one sentence, or nil: first against the kind, then by the
  /// positional's reading.
  func problem(with text: String) -> String? {
    if let problem = kind.problem(with: text) { return "\(name) \(problem)" }
    return check?(text)
  }

  /// Two specifications are the same when help, the manual and completion show them alike
  /// (how each reads its text is not compared).
  public static func == (left: PositionalSpec, right: PositionalSpec) -> Bool {
    left.name == right.name && left.help == right.help && left.minimum == right.minimum
      && left.maximum == right.maximum && left.kind == right.kind
  }
}
