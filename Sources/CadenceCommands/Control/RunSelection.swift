import CadenceArguments
import CadenceRuntime
import CadenceSystem
import CadenceText

/// Picks the run a control command acts on: the one `--run ID` names, or the only one going.
enum RunSelection {
  static let option = Option<String>(
    "run", value: "ID",
    help: "Acts on this run, when several are going (cadence status lists them).")

  enum Outcome {
    case chosen(ControlClient.Live)
    /// No run is going (or none with that id).
    case none(String)
    /// Several runs and no --run: the sentence lists them (a usage error's message).
    case ambiguous(String)
  }

  static func choose(_ arguments: ParsedArguments, context: CommandContext) -> Outcome {
    let runs = ControlClient.live(in: RuntimeDirectory(environment: context.environment))
    if let wanted = arguments[option] {
      if let run = runs.first(where: { $0.id == wanted }) { return .chosen(run) }
      let known =
        runs.isEmpty
        ? " and no run is going; start one with cadence run NAME --detach"
        : "; the runs going are \(list(runs)), so give one of those to --run"
      return .none("No run has the id \(QuotedText.quote(wanted))\(known).")
    }
    switch runs.count {
    case 0:
      return .none("No run is going; start one with cadence run NAME --detach.")
    case 1:
      return .chosen(runs[0])
    default:
      return .ambiguous(
        "several runs are going: \(list(runs)); say which with --run ID")
    }
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

  static func list(_ runs: [ControlClient.Live]) -> String {
    runs.map { "\($0.id) (\(TerminalText.line($0.status.routine)))" }.joined(separator: ", ")
  }
}
