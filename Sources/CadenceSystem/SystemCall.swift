#if canImport(Glibc)
  import Glibc
#endif

/// The one policy for interrupted system calls: a call that fails with EINTR is made again;
/// any other failure is returned as its errno value.
public enum SystemCall {
  /// Calls `body` until it does not fail with EINTR; returns its result, or the errno of a
  /// failure (a negative result).
  @inlinable
  public static func retrying<T: SignedInteger>(_ body: () -> T) -> Result<T, Errno> {
    while true {
      let result = body()
      if result >= 0 { return .success(result) }
      let code = errno
      if code == EINTR { continue }
      return .failure(Errno(code))
    }
  }
}
