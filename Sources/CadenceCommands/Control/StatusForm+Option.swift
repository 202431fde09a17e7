import CadenceArguments
import CadenceOutput

extension StatusForm {
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
}
