import CadenceRuntime
import CadenceSystem
import CadenceText

/// The run a control command acts on: the one a `--run ID` names, or the only one going.
public enum RunChoice {
  case chosen(ControlClient.Live)
  /// No run is going (or none with that id).
  case none(String)
  /// Several runs and no id: the sentence lists them (a usage error's message).
  case ambiguous(String)

  /// The run `wanted` names (`--run ID`), or with none the only one going.
  public static func choose(_ wanted: String?, context: CommandContext) -> RunChoice {
    let runs = ControlClient.live(in: RuntimeDirectory(environment: context.environment))
    if let wanted {
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

  static func list(_ runs: [ControlClient.Live]) -> String {
    runs.map { "\($0.id) (\(TerminalText.line($0.status.routine)))" }.joined(separator: ", ")
  }
}
