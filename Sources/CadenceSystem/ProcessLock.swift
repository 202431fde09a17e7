#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive lock on a file (`flock`), held through an open descriptor: the kernel lets it
/// go when the descriptor is closed or the process ends, however it ends, so a killed process
/// never leaves one behind. The descriptor is closed on exec, so that a program Cadence starts
/// does not hold it.
public enum ProcessLock {
  /// Takes the lock on `path` (a file made 0600 if missing, never through a link): the
  /// descriptor that holds it until it is released, or nil when another holds it.
  public static func take(_ path: String) -> Result<Int32?, Errno> {
    let opened = SystemCall.retrying {
      open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode_t(0o600))
    }
    let descriptor: Int32
    switch opened {
    case .success(let value): descriptor = value
    case .failure(let error): return .failure(error)
    }
    switch SystemCall.retrying({ flock(descriptor, LOCK_EX | LOCK_NB) }) {
    case .success: return .success(descriptor)
    case .failure(let error):
      Descriptor.close(descriptor)
      return error.code == EWOULDBLOCK ? .success(nil) : .failure(error)
    }
  }

  /// Takes the lock on `path` as `take` does, waiting up to `milliseconds` for another holder
  /// to let it go (looking every 20 ms): the descriptor, or nil when it is still held then.
  public static func take(_ path: String, waitingUpTo milliseconds: Int) -> Result<Int32?, Errno> {
    let deadline = MonotonicClock.microseconds + Int64(milliseconds) * 1000
    while true {
      let taken = take(path)
      guard case .success(nil) = taken else { return taken }
      let left = (deadline - MonotonicClock.microseconds) / 1000
      guard left > 0 else { return taken }
      MonotonicClock.sleep(milliseconds: Int(min(left, 20)))
    }
  }

  /// Lets the lock that `descriptor` holds go.
  public static func release(_ descriptor: Int32) { Descriptor.close(descriptor) }

  /// Whether another holds the lock on `path` now (it is taken and let go at once to tell).
  public static func isHeld(_ path: String) -> Bool {
    guard case .success(let descriptor) = take(path) else { return false }
    guard let descriptor else { return true }
    release(descriptor)
    return false
  }
}
