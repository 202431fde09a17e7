import CadenceText

/// How an action or the `session.command` ended, as the end of a sentence that starts with the
/// command: "was stopped at its time limit of 5s, with everything it started".
public enum ActionOutcomeText {
  /// Nil when it succeeded; a command that was stopped with the run is not a failure either.
  public static func failure(_ outcome: ActionRunner.Outcome, limit: String) -> String? {
    var said = ""
    if let line = outcome.output.split(whereSeparator: \.isNewline).first {
      let flat = TerminalText.line(String(line))
      said = ": " + (flat.count > 200 ? String(flat.prefix(199)) + "…" : flat)
    }
    let flooded =
      outcome.flooded
      ? " (it wrote more than 1 MB, so Cadence closed its output)" : ""
    switch outcome.ending {
    case .exited(0):
      return outcome.flooded ? "wrote more than 1 MB, so Cadence closed its output" : nil
    case .exited(let status):
      return "ended with status \(status)\(flooded)\(said)"
    case .signalled(let signal):
      return "was ended by signal \(signal)\(flooded)\(said)"
    case .timedOut:
      return
        "was still running at its time limit of \(limit) and was killed, with everything it started\(flooded)"
    case .stopped:
      return nil
    case .notStarted(let why):
      return "could not start: \(why)"
    }
  }
}
