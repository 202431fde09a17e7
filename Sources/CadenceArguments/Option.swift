/// A typed option, declared once: its specification (for parsing, help, completion and the
/// manual) and how its text becomes a value. Read it back with `arguments[option]`.
public struct Option<Value: Sendable>: Sendable {
  public let spec: OptionSpec
  let convert: @Sendable (String) -> Value?

  public init(spec: OptionSpec, convert: @escaping @Sendable (String) -> Value?) {
    self.spec = spec
    self.convert = convert
  }
}

extension Option where Value == String {
  /// An option whose value is text (or a file, a routine or a choice, by `kind`).
  public init(
    _ name: String, short: Character? = nil, value valueName: String, help: String,
    repeatable: Bool = false, kind: ValueKind? = nil
  ) {
    self.init(
      spec: OptionSpec(
        name, short: short, value: valueName, help: help, repeatable: repeatable, kind: kind),
      convert: { $0 })
  }
}

extension Option where Value == Int {
  /// An option whose value is a whole number in `range`; the parser refuses any other.
  public static func integer(
    _ name: String, in range: ClosedRange<Int>, value valueName: String = "N", help: String
  ) -> Option<Int> {
    Option(
      spec: OptionSpec(name, value: valueName, help: help, kind: .integer(range)),
      convert: { Int($0) })
  }
}

extension Option where Value: CaseIterable & RawRepresentable<String> {
  /// An option whose value is one of `Value`'s cases, named by their raw values (compared
  /// without regard to case): the parser refuses any other, completion offers them, and it
  /// reads back as the case.
  public static func choice(_ name: String, value valueName: String, help: String) -> Option {
    Option(
      spec: OptionSpec(
        name, value: valueName, help: help, kind: .choice(Value.allCases.map(\.rawValue))),
      convert: { text in Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() } })
  }
}

extension Option {
  /// The same option with the help a command gives it (`--json` lists tasks in one command,
  /// sessions in another): still one declaration, read back by either.
  public func described(_ help: String) -> Option {
    var spec = spec
    spec.help = help
    return Option(spec: spec, convert: convert)
  }
}

/// A flag, declared once: `--json`. Read it back with `arguments[flag]`.
public struct Flag: Sendable {
  public private(set) var spec: OptionSpec

  public init(_ name: String, short: Character? = nil, help: String) {
    spec = OptionSpec(name, short: short, help: help)
  }

  /// The same flag with the help a command gives it: still one declaration.
  public func described(_ help: String) -> Flag {
    var flag = self
    flag.spec.help = help
    return flag
  }
}

extension ParsedArguments {
  /// The last value given for the option, converted; nil when not given.
  public subscript<Value>(option: Option<Value>) -> Value? {
    values[option.spec.name]?.last.flatMap(option.convert)
  }

  /// Every value given for a repeatable option, in order.
  public func all<Value>(_ option: Option<Value>) -> [Value] {
    (values[option.spec.name] ?? []).compactMap(option.convert)
  }

  /// Whether the flag was given.
  public subscript(flag: Flag) -> Bool { flags.contains(flag.spec.name) }
}
