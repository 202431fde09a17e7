/// A command as a typed value: its specification, and a way to read a parsed command line into
/// typed fields. The parser has already checked every value against the specification (numbers,
/// choices, flags that exclude each other), so reading is only conversion; help, completion and
/// the manual are written from the same specification.
public protocol ParsableCommand: Sendable {
  static var spec: CommandSpec { get }

  /// Reads the command line into the command's fields; throws for what the specification
  /// cannot say (such as an option that needs another).
  init(arguments: ParsedArguments) throws(UsageError)
}
