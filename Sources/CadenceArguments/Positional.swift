/// A typed positional argument, declared once: its specification (for parsing, help,
/// completion and the manual) and how its text becomes a value. The parser checks the text
/// (refusing with one sentence and the usage line, status 64, as for an option's value);
/// read it back with `arguments[positional]`, or `arguments.all(positional)` when it may be
/// given more than once.
public struct Positional<Value: Sendable>: Sendable {
  public let spec: PositionalSpec
  let read: @Sendable (String) -> Result<Value, ArgumentRefusal>

  /// A positional whose text `read` turns into a value, or refuses with a sentence that names
  /// the text and says what to write instead.
  public init(
    _ name: String, help: String, minimum: Int = 1, maximum: Int? = 1, kind: ValueKind? = nil,
    read: @escaping @Sendable (String) -> Result<Value, ArgumentRefusal>
  ) {
    var spec = PositionalSpec(name, help: help, minimum: minimum, maximum: maximum, kind: kind)
    spec.check = { text in
      if case .failure(let refusal) = read(text) { return refusal.sentence }
      return nil
    }
    self.spec = spec
    self.read = read
  }

  /// A positional whose text `convert` turns into a value; a text it gives nil for is refused
  /// with `refusal`'s sentence.
  public init(
    _ name: String, help: String, minimum: Int = 1, maximum: Int? = 1, kind: ValueKind? = nil,
    refusal: @escaping @Sendable (String) -> String,
    convert: @escaping @Sendable (String) -> Value?
  ) {
    self.init(name, help: help, minimum: minimum, maximum: maximum, kind: kind) { text in
      convert(text).map { .success($0) } ?? .failure(ArgumentRefusal(refusal(text)))
    }
  }

  /// The value of `text` given to another command (`cadence run 25m` is a timer), or the
  /// refusal the parser would have given, with `usage` after it.
  public func value(of text: String, usage: String) throws(UsageError) -> Value {
    if let problem = spec.problem(with: text) { throw UsageError(problem, usage: usage) }
    switch read(text) {
    case .success(let value): return value
    case .failure(let refusal): throw UsageError(refusal.sentence, usage: usage)
    }
  }
}

extension Positional where Value == String {
  /// A positional whose value is text (or a file, a routine or a listed name, by `kind`).
  public init(
    _ name: String, help: String, minimum: Int = 1, maximum: Int? = 1, kind: ValueKind? = nil
  ) {
    self.init(name, help: help, minimum: minimum, maximum: maximum, kind: kind) { .success($0) }
  }
}

/// Why a positional argument's text is refused: one sentence naming the text and saying what
/// to write instead (the parser adds the usage line).
public struct ArgumentRefusal: Error, Sendable, Equatable {
  public var sentence: String

  public init(_ sentence: String) { self.sentence = sentence }
}

extension ParsedArguments {
  /// The positional's value, converted; nil when it was not given. One the specification
  /// requires is always given (the parser refused the line otherwise).
  public subscript<Value>(positional: Positional<Value>) -> Value? {
    given[positional.spec.name]?.first.flatMap { try? positional.read($0).get() }
  }

  /// Every value given for a positional that may be given more than once, in order.
  public func all<Value>(_ positional: Positional<Value>) -> [Value] {
    (given[positional.spec.name] ?? []).compactMap { try? positional.read($0).get() }
  }
}
