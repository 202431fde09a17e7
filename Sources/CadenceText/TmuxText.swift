/// One line of text for tmux to show as it is, as a `#(command)` in `status-right`,
/// `status-left` or any other format prints it.
///
/// tmux reads what such a command prints as a format, in two steps: it expands it (`#{...}`
/// formats, among them `#{m/r:...}` regular expressions that can keep the server busy for
/// seconds; `#(...)` commands; `##` for `#`), then draws the result (`#[...]` styles; `##` for
/// `#` again). So every run of `#` is written so that both steps give it back exactly:
/// followed by `[`, doubled (the expansion keeps `##[` as it is, which draws as `#[`);
/// anywhere else, the end of the text among them, written four times (the expansion halves
/// it, the drawing halves it again). A run left even at the end never turns into a lone `#`
/// that would join the `#[...]` that follows in the option and hide it. Only `#` is special:
/// tmux passes a command's output through no `strftime`, so `%` is not. Control characters
/// are escaped first, as ``TerminalText/line(_:)`` does, so the text is one line (tmux shows
/// only a command's last).
public enum TmuxText {
  /// `text` as one line, every `#` escaped.
  public static func line(_ text: String) -> String {
    var body = ""
    var hashes = 0
    for scalar in TerminalText.line(text).unicodeScalars {
      if scalar == "#" {
        hashes += 1
        continue
      }
      if hashes > 0 {
        body += String(repeating: "#", count: scalar == "[" ? 2 * hashes : 4 * hashes)
        hashes = 0
      }
      body.unicodeScalars.append(scalar)
    }
    body += String(repeating: "#", count: 4 * hashes)
    return body
  }
}
