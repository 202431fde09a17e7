/// The arguments of `notify-send` for a notification whose title and body come from a
/// routine's hook.
///
/// The options come first and are Cadence's own; then `--`, so that a title or body starting
/// with `-` (`--app-name=…`, `-w`, `--action=…`) is read as text, never as an option; then the
/// title and the body. Control characters (C0, DEL, C1), the bidirectional controls and the
/// invisible characters ``TerminalText`` escapes where they stand become spaces in both. The body is escaped for the markup notification servers read (`&`, `<`,
/// `>`, `"` and `'` as entities); the title is shown as plain text by the servers and is not.
public enum NotifyText {
  /// Every argument after the program's name.
  public static func arguments(
    title: String, body: String, urgency: String, appName: String = "Cadence"
  ) -> [String] {
    ["--app-name=\(appName)", "--urgency=\(urgency)", "--", plain(title), markup(body)]
  }

  /// `text` with its control characters replaced by spaces.
  public static func plain(_ text: String) -> String {
    var body = ""
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      body.unicodeScalars.append(escaped ? " " : scalar)
      return true
    }
    return body
  }

  /// `text` with its control characters replaced by spaces and its markup escaped.
  public static func markup(_ text: String) -> String {
    var body = ""
    TerminalText.forEachScalar(of: text) { scalar, escaped in
      if let entity = MarkupEntity.entity(for: scalar, quotes: true, apostrophe: "&#39;") {
        body += entity
      } else if escaped {
        body += " "
      } else {
        body.unicodeScalars.append(scalar)
      }
      return true
    }
    return body
  }
}
