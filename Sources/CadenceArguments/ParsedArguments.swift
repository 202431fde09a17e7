/// The result of parsing a command line against a `CommandSpec`. Options and positional
/// arguments are read back typed, through the `Option`, `Flag` or `Positional` that declares
/// them (`arguments[RunArguments.volume]`, `arguments[PlanCommand.routine]`), never by name or
/// place.
public struct ParsedArguments: Sendable, Equatable {
  var flags: Set<String> = []
  var values: [String: [String]] = [:]
  /// The subcommand given (`add` in `cadence task add Essay`), whose arguments were read; nil
  /// for a command without one.
  public internal(set) var subcommand: String?
  /// The positional arguments in the order given.
  var positionals: [String] = []
  /// The positional arguments by the name of the positional each was given for.
  var given: [String: [String]] = [:]
  public internal(set) var helpRequested = false

  init() {}

  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for an option, if any.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Every value given for a repeatable option, in order.
  func all(_ name: String) -> [String] { values[name] ?? [] }
}
