import CadenceText

/// A value read out of a routine script, detached from the interpreter that made it.
///
/// The Lua layer converts what a routine returns into this tree, so the core can validate and
/// compile routines without knowing anything about Lua.
public enum ScriptValue: Sendable, Equatable {
  case boolean(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case table(ScriptTable)
  /// A function: the core only needs to know that one is there.
  case function
  /// Anything else a script can make (userdata, threads), by type name.
  case other(String)

  /// The type name a user would recognise from Lua.
  public var typeName: String {
    switch self {
    case .boolean: return "boolean"
    case .integer, .number: return "number"
    case .string: return "string"
    case .table: return "table"
    case .function: return "function"
    case .other(let name): return name
    }
  }

  /// A short rendering for error messages: strings quoted, tables and functions by kind.
  public var shortDescription: String {
    switch self {
    case .boolean(let value): return String(value)
    case .integer(let value): return String(value)
    case .number(let value): return ScriptValue.format(value)
    case .string(let value):
      return QuotedText.quote(value, limit: 40)
    case .table: return "a table"
    case .function: return "a function"
    case .other(let name): return "a \(name)"
    }
  }

  static func format(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }
}
