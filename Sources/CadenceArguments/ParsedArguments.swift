/// The result of parsing a command line against a `CommandSpec`. Options are read back typed,
/// through the `Option` or `Flag` that declares them (`arguments[RunArguments.volume]`), never
/// by name.
public struct ParsedArguments: Sendable, Equatable {
  var flags: Set<String> = []
  var values: [String: [String]] = [:]
  /// The subcommand given (`add` in `cadence task add Essay`), whose arguments `positionals`
  /// are; nil for a command without one.
  public internal(set) var subcommand: String?
  public var positionals: [String] = []
  public var helpRequested = false

  init() {}

  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for an option, if any.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Every value given for a repeatable option, in order.
  func all(_ name: String) -> [String] { values[name] ?? [] }
}
