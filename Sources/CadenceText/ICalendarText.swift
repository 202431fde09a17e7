/// Values and content lines of iCalendar (RFC 5545).
///
/// A TEXT value (§3.3.11) escapes a backslash, a semicolon and a comma with a backslash and
/// writes a line break (LF, CR or CR LF) as `\n`; every other control character but the tab is
/// dropped, since the format has no way to write it, and so is every character ``TerminalText``
/// escapes where it stands (bidirectional controls, invisible characters). A content line longer than 75 octets is
/// folded (§3.1): CR LF and a space before the octet that would pass the limit, never inside a
/// UTF-8 sequence.
public enum ICalendarText {
  /// The longest a content line may be, in octets, line break excluded.
  public static let lineLimit = 75

  /// `text` as a TEXT value.
  public static func text(_ text: String) -> String {
    // Most text is printable ASCII with nothing to escape: it is its own value.
    if text.utf8.allSatisfy(isPlain) { return text }
    var body = ""
    var afterCarriageReturn = false
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\\": body += "\\\\"
      case ";": body += "\\;"
      case ",": body += "\\,"
      case "\r": body += "\\n"
      case "\n": if !afterCarriageReturn { body += "\\n" }
      case "\t": body += "\t"
      case _ where escaped: break
      default: body.unicodeScalars.append(scalar)
      }
      return true
    }
    return body
  }

  /// Whether `byte` is printable ASCII that a TEXT value writes as it is.
  private static func isPlain(_ byte: UInt8) -> Bool {
    TerminalText.isPrintableASCII(byte) && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: ";")
      && byte != UInt8(ascii: ",")
  }

  /// One content line, folded where it passes the limit, ended by CR LF.
  public static func fold(_ line: String) -> String {
    if line.utf8.count <= lineLimit { return line + "\r\n" }
    var folded = ""
    var octets = 0
    for scalar in line.unicodeScalars {
      let length = UTF8.width(scalar)
      if octets + length > lineLimit {
        folded += "\r\n "
        octets = 1
      }
      folded.unicodeScalars.append(scalar)
      octets += length
    }
    return folded + "\r\n"
  }
}
