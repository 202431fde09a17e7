extension JSONValue {
  /// The value of an object's member, if this is an object that has it (the last, when a
  /// name is given twice).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.0 == key }?.1
  }
}

extension JSONValue {
  /// The JSON document in `bytes` (one value, white space around it); nil when it is not one.
  public static func parse(_ bytes: [UInt8]) -> JSONValue? {
    var reader = JSONReader(bytes)
    guard let value = try? reader.value(), reader.isAtEnd() else { return nil }
    return value
  }
}
