import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceSystem
import CadenceText

/// Acting on a run that is going, through its control socket: `pause`, `skip`, `stop`,
/// `adjust`, and `resume` of a paused run.
enum RunControl {
  /// How long `stop` waits for the run to record its session, in milliseconds.
  static let stopAllowance = 3000

  /// Sends `command` to the chosen run and says what happened. `refusal` gives, from the run
  /// as it stood, why the command would do nothing (the end of a sentence after the run's
  /// name), which is said instead with status 69; `told` gives another verb than `verb`.
  /// `usage`, the command's usage line, follows a refusal of the command line (several runs
  /// going and no `--run`). With `json` (`resume --json`) what happened is one object,
  /// `{"event":"resumed","run":ID,"status":{...}}` (the status as `status --json` has it).
  static func act(
    _ command: EngineCommand, verb: String, _ arguments: ParsedArguments,
    _ context: CommandContext, usage: String, json: Bool = false,
    refusal: (RunStatus) -> String? = { _ in nil }, told: (RunStatus) -> String? = { _ in nil }
  ) -> ExitCode {
    let run: ControlClient.Live
    switch RunSelection.chosen(arguments, context: context, usage: usage) {
    case .success(let chosen): run = chosen
    case .failure(let refusal): return refusal.status
    }
    if let reason = refusal(run.status) {
      context.console.problem("\(TerminalText.line(run.status.routine)) (run \(run.id)) \(reason).")
      return .unavailable
    }
    let verb = told(run.status) ?? verb
    switch ControlClient.request(.command(command), socket: run.socket) {
    case .failure(let error):
      context.console.problem("\(error.description)")
      return .unavailable
    case .success(let reply):
      guard reply.ok, let status = reply.status else {
        context.console.problem("The run refused: \(reply.error ?? "no reason given").")
        return .unavailable
      }
      // `stop` reports once the run has recorded its session, so that history and status
      // read it straight after; a run slow to end is not waited for long.
      if case .stop = command {
        _ = ControlClient.awaitEnd(of: run.socket, within: Self.stopAllowance)
      }
      if json {
        context.console.out(
          JSONValue.object([
            ("event", .string(verb.lowercased())), ("run", .string(run.id)),
            ("status", StatusJSON.object(status)),
          ]).rendered + "\n")
        return .success
      }
      context.console.out(
        "\(verb) \(TerminalText.line(status.routine)) (run \(run.id)): \(StatusText.summary(status))\n"
      )
      return .success
    }
  }
}
