import CadenceText

/// Where a `status` line is going, which says how its text is escaped: each sink reads some
/// characters as its own markup, so a stranger's routine, step or task name must reach it as
/// plain text. The option that asks for each form (``option``) takes the template `--format` does.
public enum StatusForm: CaseIterable, Sendable {
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
  public var option: String {
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
  public func empty(following: Bool) -> String {
    self == .i3blocks && following ? "\u{200B}" : ""
  }

  /// `text` (a filled-in template, or any other text for this sink) as one line in this form.
  public func line(_ text: String) -> String {
    switch self {
    case .plain: TerminalText.line(text)
    case .tmux: TmuxText.line(text)
    case .pango: PangoText.line(text)
    case .polybar: PolybarText.line(text)
    case .i3blocks: PangoText.line(text)
    }
  }
}
