/// The value of a routine parameter: the type of its default decides what an override may be.
public enum ParameterValue: Sendable, Equatable, Codable, CustomStringConvertible {
  case integer(Int64)
  case number(Double)
  case string(String)
  case boolean(Bool)

  public var description: String {
    switch self {
    case .integer(let value): return String(value)
    case .number(let value): return ScriptValue.format(value)
    case .string(let value): return value
    case .boolean(let value): return String(value)
    }
  }

  var scriptValue: ScriptValue {
    switch self {
    case .integer(let value): return .integer(value)
    case .number(let value): return .number(value)
    case .string(let value): return .string(value)
    case .boolean(let value): return .boolean(value)
    }
  }

  var typeName: String {
    switch self {
    case .integer: return "a whole number"
    case .number: return "a number"
    case .string: return "text"
    case .boolean: return "true or false"
    }
  }

  /// Reads an override from the command line as the same type as this default.
  func overridden(by text: String) -> ParameterValue? {
    switch self {
    case .integer:
      return Int64(text).map { .integer($0) }
    case .number:
      guard let value = Double(text), value.isFinite else { return nil }
      return .number(value)
    case .string:
      return .string(text)
    case .boolean:
      switch text.lowercased() {
      case "true", "yes", "on", "1": return .boolean(true)
      case "false", "no", "off", "0": return .boolean(false)
      default: return nil
      }
    }
  }
}
