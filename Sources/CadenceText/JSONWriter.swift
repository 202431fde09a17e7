/// The one writer of the JSON Cadence prints for users and programs: values appended in order
/// to a text, commas and colons put in by the writer, and every string (a member's name too)
/// escaped as ``JSONText`` does, so what it writes parses back to the same values and is inert
/// on a terminal (the C0 and C1 controls, DEL, the line and paragraph separators and the
/// bidirectional controls escaped).
///
/// It writes as it is told, so a long list can be handed on in pieces (``take()``) while it is
/// written, never held whole.
public struct JSONWriter {
  /// What is written so far (and not taken).
  public private(set) var text: String
  /// For each array or object open, whether it has a value yet (so the next needs a comma).
  private var filled: [Bool] = []
  /// Whether a member's name was just written, so its value needs no comma.
  private var named = false

  public init(capacity: Int = 0) {
    text = ""
    text.reserveCapacity(capacity)
  }

  /// Hands over what is written so far and starts again with an empty text, in the same place
  /// in the document.
  public mutating func take() -> String {
    let written = text
    text.removeAll(keepingCapacity: true)
    return written
  }

  /// Puts in the comma a value needs when it follows another in the same array or object.
  private mutating func separate() {
    if named {
      named = false
      return
    }
    guard let last = filled.indices.last else { return }
    if filled[last] { text += "," }
    filled[last] = true
  }

  public mutating func beginObject() {
    separate()
    text += "{"
    filled.append(false)
  }

  public mutating func endObject() {
    filled.removeLast()
    text += "}"
  }

  public mutating func beginArray() {
    separate()
    text += "["
    filled.append(false)
  }

  public mutating func endArray() {
    filled.removeLast()
    text += "]"
  }

  /// A member's name: the next value written is its value.
  public mutating func name(_ name: String) {
    separate()
    JSONText.append(name, to: &text)
    text += ":"
    named = true
  }

  public mutating func string(_ value: String) {
    separate()
    JSONText.append(value, to: &text)
  }

  public mutating func integer<Number: BinaryInteger>(_ value: Number) {
    separate()
    text += String(value)
  }

  /// A number: a whole one below 10^15 without a fraction, another in Swift's shortest form
  /// that reads back the same, and `null` for one that is not finite (JSON has none).
  public mutating func number(_ value: Double) {
    separate()
    guard value.isFinite else {
      text += "null"
      return
    }
    text += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  public mutating func bool(_ value: Bool) {
    separate()
    text += value ? "true" : "false"
  }

  public mutating func null() {
    separate()
    text += "null"
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
