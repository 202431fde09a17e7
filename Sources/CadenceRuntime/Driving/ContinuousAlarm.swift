import CadenceCore
import CadenceSystem

/// A real run's alarm: the system's timer armed at an instant of `ContinuousClock`. On Linux
/// that clock reads CLOCK_BOOTTIME, the timer's own clock, so an instant maps to the timer by
/// one offset taken once, and a deadline reached while the machine was suspended fires on
/// waking, as `ContinuousClock` counts.
public final class ContinuousAlarm: RunAlarm {
  private let alarm: Alarm
  /// One moment read on both: the continuous clock first, so that a mapped deadline can only
  /// be late by the nanoseconds between the two readings, never early.
  private let anchor: ContinuousClock.Instant
  private let anchorNanoseconds: Int64

  private init(alarm: Alarm) {
    self.alarm = alarm
    anchor = ContinuousClock.now
    anchorNanoseconds = Alarm.now
  }

  /// A new alarm; the error says why the system would not give one, as a sentence for the user.
  public static func make() throws(RunFailure) -> ContinuousAlarm {
    switch Alarm.make() {
    case .success(let alarm): return ContinuousAlarm(alarm: alarm)
    case .failure(let error):
      throw RunFailure(
        "cannot set up the run's timer (\(error)); close some programs or raise the limit on "
          + "open files (ulimit -n), then start the run again")
    }
  }

  public func wait(until deadline: ContinuousClock.Instant?) {
    alarm.wait(
      until: deadline.map { deadline in
        let (seconds, attoseconds) = anchor.duration(to: deadline).components
        return anchorNanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      })
  }

  public func ring() { alarm.ring() }
}
