/// Writes the flat field list of a hook's context table for the worker: each field a type
/// byte, a NUL-terminated key and a value; BEGIN and END bracket a nested table.
struct HookFieldBuilder {
  // The sandbox's `enum cadence_field_type`.
  private static let stringType: UInt8 = 1
  private static let integerType: UInt8 = 2
  private static let numberType: UInt8 = 3
  private static let booleanType: UInt8 = 4
  private static let beginType: UInt8 = 5
  private static let endType: UInt8 = 6

  private(set) var writer = WireWriter(.hooks, capacity: 768)
  private(set) var count: UInt32 = 0

  private mutating func field(_ type: UInt8, _ key: String) {
    writer.u8(type)
    writer.name(key)
    count += 1
  }

  mutating func string(_ key: StaticString, _ value: String) {
    string(dynamic: key.description, value)
  }

  mutating func integer(_ key: StaticString, _ value: Int64) {
    integer(dynamic: key.description, value)
  }

  /// Whole numbers go to Lua as integers, so that `25 .. "%"` reads "25%", not "25.0%".
  mutating func number(_ key: StaticString, _ value: Double) {
    number(dynamic: key.description, value)
  }

  mutating func begin(_ key: StaticString) {
    field(Self.beginType, key.description)
  }

  mutating func end() {
    writer.u8(Self.endType)
    count += 1
  }

  mutating func string(dynamic key: String, _ value: String) {
    field(Self.stringType, key)
    writer.text(value)
  }

  mutating func integer(dynamic key: String, _ value: Int64) {
    field(Self.integerType, key)
    writer.i64(value)
  }

  mutating func number(dynamic key: String, _ value: Double) {
    if value == value.rounded(), abs(value) < 1e15 {
      integer(dynamic: key, Int64(value))
    } else {
      field(Self.numberType, key)
      writer.f64(value)
    }
  }

  mutating func boolean(dynamic key: String, _ value: Bool) {
    field(Self.booleanType, key)
    writer.u8(value ? 1 : 0)
  }

  /// Appends the fields as a request carries them: their count, then the fields.
  func append(to request: inout WireWriter) {
    request.u32(count)
    request.raw(writer.bytes.dropFirst(5))
  }
}
