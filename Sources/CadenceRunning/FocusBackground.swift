import CadenceRuntime
import CadenceSystem
import CadenceText

/// Starts a timer or a focus session in a background process of its own (`--detach`), like a
/// routine's run: it rings, notifies and is recorded with nobody watching, and `status`,
/// `attach`, `pause`, `resume` and `stop` reach it.
public enum FocusBackground {
  /// Starts it and says so; `json` (`--json`) says it as a JSON object.
  public static func launch(what: String, json: Bool, context: CommandContext) -> ExitCode {
    switch Detached.start(context: context) {
    case .success(let started):
      StartedLine.say(
        id: started.id, kind: what,
        sentence: """
          Started the \(what) in the background: run \(started.id).
          Follow it with cadence attach or cadence status; pause, resume or stop it with cadence pause, resume and stop.

          """, json: json, context: context)
      return .success
    case .failure(let failure): return failure.status
    }
  }
}
