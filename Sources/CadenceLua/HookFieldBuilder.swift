import CLuaSandbox

/// Builds the flat field list of a hook's context table with one buffer for all its text: keys
/// that are literals point at static storage, everything else is copied once into the buffer.
struct HookFieldBuilder {
  private enum Key {
    case fixed(StaticString)
    case text(offset: Int)
    case none
  }

  private struct Entry {
    var key: Key
    var type: Int32
    var textOffset = -1
    var length = 0
    var integer: Int64 = 0
    var number: Double = 0
  }

  private var entries: [Entry] = []
  private var buffer: [CChar] = []

  init() {
    entries.reserveCapacity(40)
    buffer.reserveCapacity(512)
  }

  private mutating func store(_ text: String) -> (offset: Int, length: Int) {
    let offset = buffer.count
    for byte in text.utf8 { buffer.append(CChar(bitPattern: byte)) }
    buffer.append(0)
    return (offset, buffer.count - offset - 1)
  }

  mutating func string(_ key: StaticString, _ value: String) {
    let stored = store(value)
    entries.append(
      Entry(
        key: .fixed(key), type: Int32(CADENCE_FIELD_STRING.rawValue), textOffset: stored.offset,
        length: stored.length))
  }

  mutating func integer(_ key: StaticString, _ value: Int64) {
    entries.append(
      Entry(key: .fixed(key), type: Int32(CADENCE_FIELD_INTEGER.rawValue), integer: value))
  }

  /// Whole numbers go to Lua as integers, so that `25 .. "%"` reads "25%", not "25.0%".
  mutating func number(_ key: StaticString, _ value: Double) {
    entries.append(numberEntry(.fixed(key), value))
  }

  mutating func begin(_ key: StaticString) {
    entries.append(Entry(key: .fixed(key), type: Int32(CADENCE_FIELD_BEGIN.rawValue)))
  }

  mutating func end() {
    entries.append(Entry(key: .none, type: Int32(CADENCE_FIELD_END.rawValue)))
  }

  mutating func string(dynamic key: String, _ value: String) {
    let name = store(key).offset
    let stored = store(value)
    entries.append(
      Entry(
        key: .text(offset: name), type: Int32(CADENCE_FIELD_STRING.rawValue),
        textOffset: stored.offset, length: stored.length))
  }

  mutating func integer(dynamic key: String, _ value: Int64) {
    entries.append(
      Entry(
        key: .text(offset: store(key).offset), type: Int32(CADENCE_FIELD_INTEGER.rawValue),
        integer: value))
  }

  mutating func number(dynamic key: String, _ value: Double) {
    entries.append(numberEntry(.text(offset: store(key).offset), value))
  }

  mutating func boolean(dynamic key: String, _ value: Bool) {
    entries.append(
      Entry(
        key: .text(offset: store(key).offset), type: Int32(CADENCE_FIELD_BOOLEAN.rawValue),
        integer: value ? 1 : 0))
  }

  private func numberEntry(_ key: Key, _ value: Double) -> Entry {
    if value == value.rounded(), abs(value) < 1e15 {
      return Entry(key: key, type: Int32(CADENCE_FIELD_INTEGER.rawValue), integer: Int64(value))
    }
    return Entry(key: key, type: Int32(CADENCE_FIELD_NUMBER.rawValue), number: value)
  }

  /// Hands the finished fields to `body`; the pointers live only during the call.
  func withFields<T>(_ body: (UnsafePointer<cadence_hook_field>?, Int32) -> T) -> T {
    buffer.withUnsafeBufferPointer { text in
      let base = text.baseAddress
      var fields: [cadence_hook_field] = []
      fields.reserveCapacity(entries.count)
      for entry in entries {
        let key: UnsafePointer<CChar>?
        switch entry.key {
        case .fixed(let name):
          key = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        case .text(let offset): key = base.map { $0 + offset }
        case .none: key = nil
        }
        fields.append(
          cadence_hook_field(
            key: key, type: entry.type,
            text: entry.textOffset >= 0 ? base.map { $0 + entry.textOffset } : nil,
            length: entry.length, integer: entry.integer, number: entry.number))
      }
      return fields.withUnsafeBufferPointer { body($0.baseAddress, Int32($0.count)) }
    }
  }
}
