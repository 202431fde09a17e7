/// Strings written into JSON (RFC 8259), so that the output parses and gives back the text
/// exactly, and so that a JSON line printed on a terminal can drive nothing.
///
/// A quote mark and a backslash are escaped; backspace, form feed, line feed, carriage return
/// and tab take their short escapes; every other character that ``TerminalText`` treats as
/// unsafe (the other C0 controls, DEL, the C1 controls, the line and paragraph separators that
/// JavaScript once refused, the bidirectional controls) is written as `\u00XX`. Swift strings
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
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where TerminalText.isUnsafe(scalar):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
