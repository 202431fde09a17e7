/// The result of parsing a command line against a `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
  public var flags: Set<String> = []
  public var values: [String: [String]] = [:]
  public var positionals: [String] = []
  public var helpRequested = false

  public init() {}

  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for an option, if any.
  public func value(_ name: String) -> String? { values[name]?.last }

  /// Every value given for a repeatable option, in order.
  public func all(_ name: String) -> [String] { values[name] ?? [] }
}
