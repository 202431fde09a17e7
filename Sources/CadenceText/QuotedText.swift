/// Text from a user or a script, quoted for a message that must stay on one line: the
/// characters ``TerminalText`` escapes are escaped, a quote mark and a backslash are escaped
/// too, and long text is clipped.
public enum QuotedText {
  /// `text` in double quotes, escaped, and clipped after `limit` characters.
  public static func quote(_ text: String, limit: Int = 60) -> String {
    var body = ""
    var count = 0
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      if count == limit {
        body += "..."
        return false
      }
      count += 1
      switch scalar {
      case "\"": body += "\\\""
      case "\\": body += "\\\\"
      default: TerminalText.append(scalar, escaped: escaped, to: &body, keepingLayout: false)
      }
      return true
    }
    return "\"\(body)\""
  }

  /// `text` with its unsafe characters escaped, so that it prints as one line.
  public static func oneLine(_ text: String) -> String { TerminalText.line(text) }
}
