/// Fields of comma-separated values (RFC 4180) that a spreadsheet reads back as the same
/// text and never runs as a formula.
///
/// A field is quoted when it holds a comma, a quote mark, a carriage return or a line feed
/// (each looked for as a Unicode scalar: in Swift `"\r\n"` is one `Character`), with quote
/// marks doubled. A field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return,
/// which spreadsheets take for a formula, gets a leading apostrophe and is quoted. Records end
/// with CR LF.
public enum CSVText {
  /// `text` as one field.
  public static func field(_ text: String) -> String {
    let defuse = text.unicodeScalars.first.map(startsFormula) ?? false
    let needsQuotes =
      defuse
      || text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
    guard needsQuotes else { return text }
    var body = "\""
    if defuse { body += "'" }
    for scalar in text.unicodeScalars {
      if scalar == "\"" { body += "\"" }
      body.unicodeScalars.append(scalar)
    }
    return body + "\""
  }

  /// One record: the fields, already written, joined by commas and ended by CR LF.
  public static func record(_ fields: [String]) -> String {
    fields.joined(separator: ",") + "\r\n"
  }

  private static func startsFormula(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "=", "+", "-", "@", "\t", "\r": return true
    default: return false
    }
  }
}
