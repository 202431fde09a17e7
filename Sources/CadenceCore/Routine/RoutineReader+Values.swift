import CadenceText

extension RoutineReader {
  /// Replaces a `"$name"` string with the value of that parameter.
  func resolved(_ value: ScriptValue, at path: FieldPath) throws(RoutineError) -> ScriptValue {
    guard case .string(let text) = value, text.hasPrefix("$"), text.count > 1 else {
      return value
    }
    let name = String(text.dropFirst())
    guard name.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }) else {
      return value
    }
    return try parameter(name, written: text, inText: false, at: path).value.scriptValue
  }

  /// `text` with each `$name` (or `${name}`) inside it replaced by that parameter's value, as
  /// in `"Revise $subject"`; `$$` is one `$`, and a `$` before anything but a name stays.
  func interpolated(_ text: String, at path: FieldPath) throws(RoutineError) -> String {
    guard text.contains("$") else { return text }
    var result = ""
    var rest = text[...]
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      var after = rest[rest.index(after: dollar)...]
      if after.first == "$" {
        result += "$"
        rest = after.dropFirst()
        continue
      }
      let braced = after.first == "{"
      if braced { after = after.dropFirst() }
      let name = after.prefix { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
      let closed = !braced || after.dropFirst(name.count).first == "}"
      guard let first = name.first, first.isASCIILetter || first == "_", closed else {
        result += "$"
        rest = rest[rest.index(after: dollar)...]
        continue
      }
      let written = braced ? "${\(name)}" : "$\(name)"
      result += try parameter(String(name), written: written, inText: true, at: path).value
        .description
      rest = after.dropFirst(name.count + (braced ? 1 : 0))
    }
    return result + rest
  }

  /// The parameter called `name`; a problem with a suggestion when there is none (inside
  /// text, also how to write a `$` itself).
  private func parameter(_ name: String, written: String, inText: Bool, at path: FieldPath)
    throws(RoutineError) -> Parameter
  {
    if let parameter = parameters.first(where: { $0.name == name }) { return parameter }
    let names = parameters.map(\.name)
    let dollar = inText ? " (or write $$ for a $)" : ""
    let hint =
      names.isEmpty
      ? "the routine declares no parameters; add params = { \(name) = ... }\(dollar)"
      : Spelling.closest(to: name, among: names).map { "did you mean \"$\($0)\"?" }
        ?? "the parameters are \(Spelling.list(names))\(dollar)"
    throw RoutineError(
      "\(QuotedText.quote(written)) names no parameter; \(hint)", at: path.description)
  }

  func text(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) -> String {
    let value = try resolved(raw, at: path)
    switch value {
    case .string(let written):
      let text = try interpolated(written, at: path)
      let plainStart = text.utf8.first.map { $0 > 0x20 && $0 < 0x80 } ?? false
      guard plainStart || !text.trimmingWhitespace().isEmpty else {
        throw RoutineError(
          "\(QuotedText.quote(text)) is blank; give it some text", at: path.description)
      }
      guard text.utf8.count <= 200 || text.count <= 200 else {
        throw RoutineError(
          "\(QuotedText.quote(text)) is \(text.count) characters long; keep it under 200",
          at: path.description)
      }
      return text
    case .integer, .number:
      return value.shortDescription
    default:
      throw RoutineError("must be text, not \(value.shortDescription)", at: path.description)
    }
  }

  func boolean(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) -> Bool {
    guard case .boolean(let flag) = try resolved(raw, at: path) else {
      throw RoutineError(
        "must be true or false, not \(raw.shortDescription)", at: path.description)
    }
    return flag
  }

  /// A duration in milliseconds; zero only where `allowZero` says so.
  func duration(_ raw: ScriptValue, at path: FieldPath, allowZero: Bool = false)
    throws(RoutineError) -> Int64
  {
    let value = try resolved(raw, at: path)
    let milliseconds: Int64
    switch value {
    case .integer(let seconds):
      milliseconds = try converting(at: path) { () throws(DurationError) in
        try DurationText.fromSeconds(Double(seconds))
      }
    case .number(let seconds):
      milliseconds = try converting(at: path) { () throws(DurationError) in
        try DurationText.fromSeconds(seconds)
      }
    case .string(let text):
      milliseconds = try converting(at: path) { () throws(DurationError) in
        try DurationText.parse(text)
      }
    default:
      throw RoutineError(
        "must be a duration such as \"2m\" or 90 (seconds), not \(value.shortDescription)",
        at: path.description)
    }
    if milliseconds == 0 && !allowZero {
      throw RoutineError(
        "\(value.shortDescription) is no time at all; a step must last at least a millisecond",
        at: path.description)
    }
    return milliseconds
  }

  private func converting(at path: FieldPath, _ body: () throws(DurationError) -> Int64)
    throws(RoutineError) -> Int64
  {
    do {
      return try body()
    } catch {
      throw RoutineError(error.description, at: path.description)
    }
  }

  /// A whole number from 1 to `maximum`, from a number or numeric text.
  func count(_ raw: ScriptValue, at path: FieldPath, maximum: Int) throws(RoutineError) -> Int {
    let value = try resolved(raw, at: path)
    var number: Double
    switch value {
    case .integer(let whole): number = Double(whole)
    case .number(let real): number = real
    case .string(let text):
      guard let parsed = Double(text.trimmingWhitespace()) else {
        throw RoutineError(
          "must be a whole number, not \(value.shortDescription)", at: path.description)
      }
      number = parsed
    default:
      throw RoutineError(
        "must be a whole number, not \(value.shortDescription)", at: path.description)
    }
    guard number.isFinite else {
      throw RoutineError(
        "must be a whole number, not \(ScriptValue.format(number))", at: path.description)
    }
    guard number == number.rounded() else {
      throw RoutineError(
        "must be a whole number, not \(ScriptValue.format(number))", at: path.description)
    }
    guard number >= 1 else {
      throw RoutineError(
        "must be at least 1, not \(ScriptValue.format(number))", at: path.description)
    }
    guard number <= Double(maximum) else {
      throw RoutineError(
        "is \(ScriptValue.format(number)), more than the limit of \(Spelling.count(maximum))",
        at: path.description)
    }
    return Int(number)
  }

  /// The entries of a list, checking that it is one: positions 1…n and nothing else.
  func list(_ raw: ScriptValue, at path: FieldPath, of what: String) throws(RoutineError)
    -> [ScriptValue]
  {
    guard case .table(let table) = try resolved(raw, at: path) else {
      throw RoutineError(
        "must be a list of \(what) in braces, not \(raw.shortDescription)", at: path.description)
    }
    for (key, _) in table.entries {
      if case .index = key { continue }
      throw RoutineError(
        "has the key \(QuotedText.quote(key.description)), but it must be a list of \(what) in braces",
        at: path.description)
    }
    guard table.sequenceIsContiguous else {
      throw RoutineError("has a gap (a nil) in its list of \(what)", at: path.description)
    }
    return table.sequence
  }
}
