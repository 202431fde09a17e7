#if canImport(Glibc)
  import Glibc
#endif

/// CLOCK_MONOTONIC, which stops while the machine is suspended: the clock systemd-logind
/// stamps its hints with (`IdleSinceHintMonotonic`).
public enum MonotonicClock {
  /// Now on CLOCK_MONOTONIC, in microseconds.
  public static var microseconds: Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
  }

  /// Sleeps this thread for `milliseconds` (interruptions do not cut it short).
  public static func sleep(milliseconds: Int) {
    var left = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var rest = timespec()
    while nanosleep(&left, &rest) != 0 && errno == EINTR { left = rest }
  }
}
