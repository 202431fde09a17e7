/// A cursor over the UTF-8 bytes of short text, for the hot path of duration parsing: ASCII
/// digits, letters and spaces only, no Unicode property lookups.
struct ByteCursor {
  private let bytes: [UInt8]
  private var position = 0

  init(_ text: String) { bytes = Array(text.utf8) }

  var isAtEnd: Bool { position >= bytes.count }

  func contains(_ byte: UInt8) -> Bool { bytes.contains(byte) }

  mutating func skipSpaces() {
    while position < bytes.count, bytes[position] == 0x20 { position += 1 }
  }

  /// Digits with an optional fraction (`12`, `1.5`, `.5`), as a `DecimalNumber`.
  mutating func number() -> DecimalNumber? {
    var whole: Int64 = 0
    var wholeDigits = 0
    var fraction = ""
    var dropsDigits = false
    var sawPoint = false
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte >= 0x30, byte <= 0x39 {
        if sawPoint {
          if fraction.utf8.count < 9 {
            fraction.unicodeScalars.append(UnicodeScalar(byte))
          } else if byte != 0x30 {
            dropsDigits = true
          }
        } else {
          wholeDigits += 1
          guard wholeDigits <= 15 else { return nil }
          whole = whole * 10 + Int64(byte - 0x30)
        }
      } else if byte == UInt8(ascii: "."), !sawPoint {
        sawPoint = true
      } else {
        break
      }
      position += 1
    }
    guard position > start, wholeDigits > 0 || !fraction.isEmpty, !sawPoint || !fraction.isEmpty
    else { return nil }
    return DecimalNumber(whole: whole, fraction: fraction, dropsDigits: dropsDigits)
  }

  /// ASCII letters, lower-case only (units are lower-case).
  mutating func letters() -> [UInt8] {
    let start = position
    while position < bytes.count, bytes[position] >= 0x61, bytes[position] <= 0x7A { position += 1 }
    return Array(bytes[start..<position])
  }
}
