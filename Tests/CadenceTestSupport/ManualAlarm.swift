import CadenceCore
import Dispatch

/// A runner's alarm on a `ManualClock`: the thread waits until the clock is advanced to its
/// deadline, or until it is rung. Tests drive a real runner with it, hours of routine in
/// microseconds.
public final class ManualAlarm: RunAlarm {
  private let clock: ManualClock
  /// Signalled by a ring and by the clock reaching the deadline; a signal that finds nobody
  /// waiting ends the next wait at once.
  private let bell = DispatchSemaphore(value: 0)

  public init(clock: ManualClock) { self.clock = clock }

  public func wait(until deadline: ManualClock.Instant?) {
    var enrolled: UInt64?
    if let deadline {
      enrolled = clock.enroll(self, until: deadline)
      if enrolled == nil { return }
    }
    bell.wait()
    if let enrolled { clock.withdraw(enrolled) }
  }

  public func ring() { bell.signal() }
}
