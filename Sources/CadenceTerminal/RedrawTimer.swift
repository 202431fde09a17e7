import Dispatch

/// Wakes a full-screen view when the second it shows changes, not a moment sooner: one timer
/// for the view's whole life, rescheduled at each draw, asleep while nothing counts. Used only
/// on the view's queue.
public final class RedrawTimer {
  private let queue: DispatchQueue
  private let handler: () -> Void
  private var source: DispatchSourceTimer?
  private var cancelled = false

  public init(queue: DispatchQueue, handler: @escaping () -> Void) {
    self.queue = queue
    self.handler = handler
  }

  /// Wakes when a countdown that has `remaining` milliseconds left shows its next second.
  public func wake(whenSecondTurns remaining: Int64) {
    let left = max(0, remaining)
    wake(inMilliseconds: left % 1000 == 0 ? 1000 : left % 1000)
  }

  /// Wakes after `delay` milliseconds (and a millisecond more, to be past the turn).
  public func wake(inMilliseconds delay: Int64) {
    timer()?.schedule(
      deadline: .now() + .milliseconds(Int(delay) + 1), leeway: .milliseconds(5))
  }

  /// Does not wake until told again.
  public func sleep() { timer()?.schedule(deadline: .distantFuture) }

  /// Ends the timer for good: it never wakes again.
  public func cancel() {
    source?.cancel()
    source = nil
    cancelled = true
  }

  private func timer() -> DispatchSourceTimer? {
    guard !cancelled else { return nil }
    if let source { return source }
    let made = DispatchSource.makeTimerSource(queue: queue)
    made.setEventHandler(handler: handler)
    made.schedule(deadline: .distantFuture)
    made.resume()
    source = made
    return made
  }
}
