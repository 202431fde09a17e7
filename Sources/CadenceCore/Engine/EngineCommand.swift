/// What a user can ask of a running routine.
public enum EngineCommand: Sendable, Equatable {
  /// Pauses if running, resumes if paused.
  case togglePause
  case pause
  case resume
  /// Ends the current segment now (or completes a manual step).
  case skip
  /// Lengthens (positive) or shortens (negative) the current segment, in milliseconds.
  case adjust(Int64)
  /// Completes the manual step that is waiting.
  case complete
  /// Ends the run early.
  case stop
}
