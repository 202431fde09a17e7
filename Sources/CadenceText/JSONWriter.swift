/// The one writer of the JSON Cadence prints for users and programs: values appended in order
/// to a text, commas and colons put in by the writer, and every string (a member's name too)
/// escaped as ``JSONText`` does, so what it writes parses back to the same values and is inert
/// on a terminal (the C0 and C1 controls, DEL, the line and paragraph separators and the
/// bidirectional controls escaped).
///
/// It writes as it is told, so a long list can be handed on in pieces (``take()``) while it is
/// written, never held whole; it writes UTF-8 bytes, printable ASCII copied as it is.
public struct JSONWriter {
  /// What is written so far (and not taken), as UTF-8.
  public private(set) var bytes: [UInt8] = []
  /// For each array or object open, whether it has a value yet (so the next needs a comma).
  private var filled: [Bool] = []
  /// Whether a member's name was just written, so its value needs no comma.
  private var named = false

  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// What is written so far (and not taken).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Hands over what is written so far and starts again with an empty text, in the same place
  /// in the document.
  public mutating func take() -> String {
    let written = text
    bytes.removeAll(keepingCapacity: true)
    return written
  }

  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// `text` as a JSON string: printable ASCII without a quote mark or a backslash copied as
  /// it is, anything else escaped by ``JSONText``.
  private mutating func quoted(_ text: String) {
    var text = text
    let copied = text.withUTF8 { utf8 -> Bool in
      guard JSONText.isWrittenAsItIs(utf8) else { return false }
      bytes.append(0x22)
      bytes.append(contentsOf: utf8)
      bytes.append(0x22)
      return true
    }
    guard !copied else { return }
    var escaped = ""
    JSONText.append(text, to: &escaped)
    bytes.append(contentsOf: escaped.utf8)
  }

  /// The decimal digits of `value`, with its sign.
  private mutating func digits(_ value: Int64) {
    if value < 0 { bytes.append(0x2D) }
    let first = bytes.count
    var rest = value.magnitude
    repeat {
      bytes.append(0x30 + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[first...].reverse()
  }

  /// Puts in the comma a value needs when it follows another in the same array or object.
  private mutating func separate() {
    if named {
      named = false
      return
    }
    guard let last = filled.indices.last else { return }
    if filled[last] { bytes.append(0x2C) }
    filled[last] = true
  }

  public mutating func beginObject() {
    separate()
    bytes.append(0x7B)
    filled.append(false)
  }

  public mutating func endObject() {
    filled.removeLast()
    bytes.append(0x7D)
  }

  public mutating func beginArray() {
    separate()
    bytes.append(0x5B)
    filled.append(false)
  }

  public mutating func endArray() {
    filled.removeLast()
    bytes.append(0x5D)
  }

  /// A member's name: the next value written is its value.
  public mutating func name(_ name: String) {
    separate()
    quoted(name)
    bytes.append(0x3A)
    named = true
  }

  public mutating func string(_ value: String) {
    separate()
    quoted(value)
  }

  public mutating func integer<Number: BinaryInteger>(_ value: Number) {
    separate()
    if let whole = Int64(exactly: value) {
      digits(whole)
    } else {
      bytes.append(contentsOf: String(value).utf8)
    }
  }

  /// A number: a whole one below 10^15 without a fraction, another in Swift's shortest form
  /// that reads back the same, and `null` for one that is not finite (JSON has none).
  public mutating func number(_ value: Double) {
    separate()
    guard value.isFinite else { return raw("null") }
    if value == value.rounded() && abs(value) < 1e15 {
      digits(Int64(value))
    } else {
      bytes.append(contentsOf: String(value).utf8)
    }
  }

  public mutating func bool(_ value: Bool) {
    separate()
    if value { raw("true") } else { raw("false") }
  }

  public mutating func null() {
    separate()
    raw("null")
  }

  /// A member with a text value, `null` when it is nil.
  public mutating func member(_ key: String, _ value: String?) {
    name(key)
    if let value { string(value) } else { null() }
  }

  /// A member with a whole number, `null` when it is nil.
  public mutating func member<Number: BinaryInteger>(_ key: String, _ value: Number?) {
    name(key)
    if let value { integer(value) } else { null() }
  }

  public mutating func member(_ key: String, _ value: Bool) {
    name(key)
    bool(value)
  }
}
