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
}
