/// A value bound to a statement or read from a row.
public enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  /// Bytes kept as they are (a routine's source, which need not be UTF-8).
  case blob([UInt8])
}

extension SQLValue {
  static func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
  static func optional(_ number: Int64?) -> SQLValue { number.map { .integer($0) } ?? .null }
  static func bool(_ flag: Bool) -> SQLValue { .integer(flag ? 1 : 0) }
}
