import CadenceArguments
import CadenceRunning
import CadenceRuntime
import CadenceSystem

/// Picks the run a control command acts on: the one `--run ID` names, or the only one going.
enum RunSelection {
  static let option = Option<String>(
    "run", value: "ID",
    help: "Acts on this run, when several are going (cadence status lists them).")

  static func choose(_ arguments: ParsedArguments, context: CommandContext) -> RunChoice {
    RunChoice.choose(arguments[option], context: context)
  }

  /// The run to act on, or, once the reason is said, the status to exit with: 69 when no run
  /// is going (or none has that id), 64 when several are and `--run` named none (then, as for
  /// any bad command line, `Error:` and the sentence, then `usage`, the command's usage line).
  static func chosen(_ arguments: ParsedArguments, context: CommandContext, usage: String)
    -> Result<ControlClient.Live, Refusal>
  {
    switch choose(arguments, context: context) {
    case .chosen(let run):
      return .success(run)
    case .none(let sentence):
      context.console.problem(sentence)
      return .failure(Refusal(status: .unavailable))
    case .ambiguous(let sentence):
      return .failure(
        Refusal(status: UsageError(sentence, usage: usage).report(to: context.console)))
    }
  }

  /// No run to act on, already said: the status to exit with.
  struct Refusal: Error {
    let status: ExitCode
  }
}
