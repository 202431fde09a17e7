import CadenceStore
import Dispatch
import Synchronization

/// Finished sessions on their way to Timewarrior, off the run's path: each is tracked on a
/// queue of its own, in the order the sessions ended, so that a slow or hanging `timew` holds
/// up neither the run nor the break that follows a focus. Before Cadence exits it waits for
/// them (``settle()``), each `timew` within its own time limit.
public enum TimewarriorQueue {
  private static let queue = DispatchQueue(label: "cadence.timewarrior")
  private static let pending = DispatchGroup()
  private static let notes = Mutex<[String]>([])

  /// The longest ``settle()`` waits, for every session still queued together.
  public static let settleLimit: Duration = Timewarrior.timeLimit + .seconds(5)

  /// Tracks `session` in the timew on `environment`'s PATH, soon; returns at once.
  public static func track(_ session: SessionRecord, environment: [String: String]) {
    pending.enter()
    queue.async {
      defer { pending.leave() }
      if let note = Timewarrior.trackFinished(session, environment: environment) {
        notes.withLock { $0.append(note) }
      }
    }
  }

  /// Waits for the sessions still queued, for ``settleLimit`` at the longest, and returns
  /// what there is to say about them (a sentence each that was not tracked), once.
  public static func settle() -> [String] {
    let seconds = Int(settleLimit.components.seconds)
    let settled = pending.wait(timeout: .now() + .seconds(seconds)) == .success
    var said = notes.withLock { notes in
      defer { notes.removeAll() }
      return notes
    }
    if !settled {
      said.append(
        "Timewarrior: timew was still tracking after \(seconds) s, so Cadence stopped waiting; cadence history --timew adds whatever it missed."
      )
    }
    return said
  }
}
