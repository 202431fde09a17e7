#if canImport(Glibc)
  import Glibc
#endif

extension Descriptor {
  public static let standardInput = STDIN_FILENO
  public static let standardOutput = STDOUT_FILENO
  public static let standardError = STDERR_FILENO

  /// Waits until `descriptor` breaks (an error, or its reader hung up), after interruptions;
  /// returns at once when it cannot be polled.
  public static func waitUntilBroken(_ descriptor: Int32) -> PollEvents {
    var entries = [PollEntry(descriptor)]
    guard case .success(let count) = poll(&entries, milliseconds: -1), count > 0 else { return [] }
    return entries[0].found
  }
}
