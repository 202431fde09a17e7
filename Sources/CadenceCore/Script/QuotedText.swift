/// Text from a user or a script, quoted for a message that must stay on one line: control
/// characters but the tab are written as escapes (`\n`, `\r`, `\u{1B}`), so no text can break
/// a message or drive the terminal, and long text is clipped.
public enum QuotedText {
  /// `text` in double quotes, escaped, and clipped after `limit` characters.
  public static func quote(_ text: String, limit: Int = 60) -> String {
    var body = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        body += "..."
        break
      }
      count += 1
      switch scalar {
      case "\"": body += "\\\""
      case "\\": body += "\\\\"
      default: append(scalar, to: &body)
      }
    }
    return "\"\(body)\""
  }

  /// `text` with its control characters escaped, so that it prints as one line.
  public static func oneLine(_ text: String) -> String {
    var body = ""
    for scalar in text.unicodeScalars { append(scalar, to: &body) }
    return body
  }

  private static func append(_ scalar: Unicode.Scalar, to body: inout String) {
    switch scalar {
    case "\n": body += "\\n"
    case "\r": body += "\\r"
    case "\t": body += "\t"
    default:
      if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
        || scalar.properties.generalCategory == .lineSeparator
        || scalar.properties.generalCategory == .paragraphSeparator
      {
        body += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        body.unicodeScalars.append(scalar)
      }
    }
  }
}
