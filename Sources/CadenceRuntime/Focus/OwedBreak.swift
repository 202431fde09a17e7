import CadenceStore
import CadenceText

/// A task's mandatory break whose process died before it ended and that has not been resumed
/// (seed 003): a new focus or break is refused until `cadence resume` has brought it back, or
/// recorded it if its time is over, so that killing the process does not dodge it.
public enum OwedBreak {
  /// The sentence refusing a new focus while such a break is owed; nil when none is.
  public static func refusal(in store: Store) throws(StoreError) -> String? {
    let owed = try RunRecovery.interrupted(in: store).last {
      $0.routinePath == RunIdentity.countdownPath(for: .break) && $0.details.mandatoryBreak
    }
    guard let owed else { return nil }
    let task = owed.details.task.map { " after \(TerminalText.line($0))" } ?? ""
    return
      "The mandatory break\(task) was interrupted and has not been taken; cadence resume brings it back (or records it, if its time is over) before a new focus."
  }
}
