/// A value bound to a statement.
public enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
}

extension SQLValue {
  static func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
  static func optional(_ number: Int64?) -> SQLValue { number.map { .integer($0) } ?? .null }
}
