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
  /// Pauses as of the given milliseconds before now, when the person went away (idle): the
  /// time since then does not count. Never before the current segment's anchor (its start or
  /// the last resume).
  case pauseBackdated(Int64)
  /// Counts the given milliseconds spent away as run time after all (idle time kept as
  /// focus), no further than the current segment's end.
  case credit(Int64)
}
