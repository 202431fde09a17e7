/// Strings written into JSON (RFC 8259), so that the output parses and gives back the text
/// exactly, and so that a JSON line printed on a terminal can drive nothing.
///
/// A quote mark and a backslash are escaped; backspace, form feed, line feed, carriage return
/// and tab take their short escapes; every other character that ``TerminalText`` escapes where
/// it stands (the other C0 controls, DEL, the C1 controls, the line and paragraph separators
/// that JavaScript once refused, the bidirectional controls, the invisible characters) is
/// written as `\u00XX` (one past U+FFFF as its two surrogates, `\udb40\udc41`). Swift strings
/// hold no lone surrogates, so every string has a valid encoding.
public enum JSONText {
  /// `text` as a JSON string literal, quote marks included.
  public static func quoted(_ text: String) -> String {
    var body = ""
    append(text, to: &body)
    return body
  }

  /// Appends `text` as a JSON string literal to `output`.
  public static func append(_ text: String, to output: inout String) {
    output += "\""
    // Printable ASCII without a quote mark or a backslash, most text, is written as it is.
    if text.utf8.allSatisfy(isWrittenAsItIs) {
      output += text
      output += "\""
      return
    }
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where escaped: escape(scalar, to: &output)
      default: output.unicodeScalars.append(scalar)
      }
      return true
    }
    output += "\""
  }

  /// Whether `bytes` are text a JSON string holds as they are: printable ASCII without a
  /// quote mark or a backslash.
  public static func isWrittenAsItIs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy(isWrittenAsItIs)
  }

  /// Whether `byte` is one a JSON string holds as it is.
  @inline(__always) static func isWrittenAsItIs(_ byte: UInt8) -> Bool {
    TerminalText.isPrintableASCII(byte) && byte != 0x22 && byte != 0x5C
  }

  /// JSON another encoder wrote (Foundation's `JSONEncoder` escapes only the C0 controls)
  /// with every other character ``TerminalText`` escapes (DEL, the C1 controls, the line and
  /// paragraph separators, the bidirectional controls, the invisible characters where they
  /// stand) written as `\u` and its code point, as
  /// ``append(_:to:)`` writes them. Outside a string JSON holds only ASCII, so each such
  /// character is inside one: the text parses to the same value and is inert on a terminal.
  public static func inert(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && TerminalText.isUnsafe($0) })
    else { return json }
    var body = ""
    body.reserveCapacity(json.utf8.count + 16)
    TerminalText.forEachScalar(of: json) { scalar, escaped in
      if scalar.value >= 0x7F && escaped {
        escape(scalar, to: &body)
      } else {
        body.unicodeScalars.append(scalar)
      }
      return true
    }
    return body
  }

  /// Appends `scalar` as `\u` and four hexadecimal digits; one past U+FFFF as the two of its
  /// UTF-16 surrogates, as RFC 8259 writes it.
  static func escape(_ scalar: Unicode.Scalar, to output: inout String) {
    for unit in String(scalar).utf16 {
      let hex = String(unit, radix: 16)
      output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// ``inert(_:)`` of JSON as UTF-8 bytes.
  public static func inert(_ json: [UInt8]) -> [UInt8] {
    guard json.contains(where: { $0 >= 0x7F }) else { return json }
    return Array(inert(String(decoding: json, as: UTF8.self)).utf8)
  }
}
