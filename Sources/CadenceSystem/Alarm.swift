import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A thread's sleep until an absolute instant of CLOCK_BOOTTIME, or until another thread rings:
/// a timerfd armed at the instant and an eventfd, waited on together with poll(). Nothing else
/// runs while it waits: no thread, no timer of its own.
///
/// CLOCK_BOOTTIME keeps counting while the machine is suspended, as Swift's `ContinuousClock`
/// does on Linux (it reads the same clock), so a deadline passed during a suspension fires on
/// waking.
public final class Alarm: Sendable {
  private let timer: Int32
  private let bell: Int32

  private init(timer: Int32, bell: Int32) {
    self.timer = timer
    self.bell = bell
  }

  /// A new alarm, or why the system would not give its two descriptors.
  public static func make() -> Result<Alarm, Errno> {
    var timer: Int32 = -1
    var bell: Int32 = -1
    guard cadence_alarm_open(&timer, &bell) == 0 else { return .failure(.current) }
    return .success(Alarm(timer: timer, bell: bell))
  }

  deinit {
    Descriptor.close(timer)
    Descriptor.close(bell)
  }

  /// Now on CLOCK_BOOTTIME, in nanoseconds.
  public static var now: Int64 {
    var time = timespec()
    clock_gettime(CLOCK_BOOTTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// Blocks the calling thread until `deadline` (nanoseconds of CLOCK_BOOTTIME; never, when
  /// nil) has come, or until `ring` is called; a ring that came before the call ends it at
  /// once. It may return early (a caller reads the clock to see what is due), never late but
  /// for the scheduler. Only one thread waits on an alarm.
  public func wait(until deadline: Int64?) {
    // Arming (or disarming) replaces whatever the last wait left, expiry included.
    _ = cadence_alarm_set(timer, deadline.map { max(0, $0) } ?? -1)
    var ready = [
      pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
      pollfd(fd: bell, events: Int16(POLLIN), revents: 0),
    ]
    guard case .success = SystemCall.retrying({ poll(&ready, 2, -1) }) else { return }
    if ready[1].revents != 0 { drain(bell) }
    if ready[0].revents != 0 { drain(timer) }
  }

  /// Wakes the thread in `wait`, or makes the next `wait` return at once. Safe from any thread.
  public func ring() {
    var one: UInt64 = 1
    _ = SystemCall.retrying { write(bell, &one, 8) }
  }

  /// Reads the counter a timerfd or eventfd holds, which clears it.
  private func drain(_ descriptor: Int32) {
    var count: UInt64 = 0
    _ = SystemCall.retrying { read(descriptor, &count, 8) }
  }
}
