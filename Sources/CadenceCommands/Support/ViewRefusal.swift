import CadenceArguments
import CadenceSystem

/// What the full-screen view of a run in the background (`run`, `resume`, `attach`) says when
/// there is no terminal to draw on after all.
enum ViewRefusal {
  /// Says that the view needs a terminal, as a usage error with `cadence attach`'s usage line.
  static func withoutTerminal(_ context: CommandContext) -> ExitCode {
    UsageError(
      "cadence attach needs a terminal; use cadence status from a script",
      usage: AttachCommand.spec.usage
    ).report(to: context.console)
  }
}
