import CadenceArguments
import CadenceText

/// Where a `status` line is going, which says how its text is escaped: each sink reads some
/// characters as its own markup, so a stranger's routine, step or task name must reach it as
/// plain text. The option that asks for each form takes the template `--format` does.
enum StatusForm: CaseIterable, Sendable {
  /// A shell prompt or a script: control characters escaped, nothing else.
  case plain
  /// The output of a `#(...)` in a tmux format: `#` escaped as ``TmuxText`` says.
  case tmux
  /// Pango markup (i3blocks with `markup=pango`): `&`, `<`, `>`, `"` and `'` as entities.
  case pango
  /// A polybar `custom/script` module: no `%{` tag.
  case polybar
  /// An i3blocks block with `markup=pango`: Pango's entities, as ``pango``; followed, the
  /// empty form is a zero-width space, since i3blocks keeps the last line a persistent command
  /// printed when it prints an empty one.
  case i3blocks

  /// The option that asks for this form, with a template.
  var option: String {
    switch self {
    case .plain: "format"
    case .tmux: "tmux"
    case .pango: "pango"
    case .polybar: "polybar"
    case .i3blocks: "i3blocks"
    }
  }

  /// What this form prints with no run to show (without its newline): nothing, but for
  /// i3blocks followed (`interval=persist`), which takes an empty line as no change.
  func empty(following: Bool) -> String {
    self == .i3blocks && following ? "\u{200B}" : ""
  }

  /// The option, declared once: `--format FMT` and its escaping siblings.
  var declaration: Option<String> {
    switch self {
    case .plain:
      Option("format", value: "FMT", help: "Prints one line from this template.")
    case .tmux:
      Option(
        "tmux", value: "FMT",
        help: "Prints --format's line escaped for a #(...) in a tmux format.")
    case .pango:
      Option(
        "pango", value: "FMT",
        help: "Prints --format's line escaped as Pango markup (i3blocks).")
    case .polybar:
      Option(
        "polybar", value: "FMT",
        help: "Prints --format's line escaped for a polybar script module.")
    case .i3blocks:
      Option(
        "i3blocks", value: "FMT",
        help: "Prints --format's line escaped for an i3blocks block with markup=pango.")
    }
  }

  /// `text` (a filled-in template, or any other text for this sink) as one line in this form.
  func line(_ text: String) -> String {
    switch self {
    case .plain: TerminalText.line(text)
    case .tmux: TmuxText.line(text)
    case .pango: PangoText.line(text)
    case .polybar: PolybarText.line(text)
    case .i3blocks: PangoText.line(text)
    }
  }
}
