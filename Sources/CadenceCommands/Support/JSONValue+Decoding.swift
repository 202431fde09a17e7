import FoundationEssentials

/// Reading any JSON document (`history import`), through `JSONDecoder`: whole numbers become
/// `int`, other numbers `double`; an object keeps one member per key, in no set order.
extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: MemberKey.self) {
      self = .object(
        try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var values: [JSONValue] = []
      while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
      self = .array(values)
      return
    }
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let bool = try? value.decode(Bool.self) {
      self = .bool(bool)
    } else if let int = try? value.decode(Int64.self) {
      self = .int(int)
    } else if let double = try? value.decode(Double.self) {
      self = .double(double)
    } else {
      self = .string(try value.decode(String.self))
    }
  }

  /// The value of an object's member, if this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.0 == key }?.1
  }

  /// A member's name, any text.
  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
