/// How a runner waits between wake-ups: it blocks its thread until an instant of its clock, or
/// until it is rung (a command came). Production waits on the system (a timer and an event
/// counter); tests wait on a `ManualClock`. Everything a runner does after waking is the same
/// code either way.
public protocol RunAlarm<Instant>: AnyObject, Sendable {
  associatedtype Instant: InstantProtocol

  /// Blocks until `deadline` has come (never, when nil) or until `ring` is called; a ring that
  /// came before the call ends it at once. It may return early: the caller reads the clock.
  func wait(until deadline: Instant?)

  /// Wakes the thread in `wait`, or makes the next `wait` return at once; from any thread.
  func ring()
}
