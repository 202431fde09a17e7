import CadenceDesktop
import CadenceStore
import CadenceSystem

extension RunOptions {
  /// Hands a finished session on to where the user keeps sessions besides Cadence's history:
  /// Timewarrior, when the `timewarrior` setting is on (tracked off the run's path; what went
  /// wrong is said once as Cadence exits).
  public func keep(_ session: SessionRecord?, environment: [String: String]) {
    guard timewarrior, let session else { return }
    TimewarriorQueue.track(session, environment: environment)
  }
}
