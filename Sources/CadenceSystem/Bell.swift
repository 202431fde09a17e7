import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// An eventfd that one thread rings and another waits on with poll(): how work handed to a
/// thread that waits on descriptors wakes it. Ringing never blocks.
public final class Bell: Sendable {
  /// The descriptor to poll for reading: readable once rung, until drained.
  public let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// A new bell, or why the system would not give its descriptor.
  public static func make() -> Result<Bell, Errno> {
    let descriptor = cadence_bell_open()
    return descriptor >= 0 ? .success(Bell(descriptor: descriptor)) : .failure(.current)
  }

  deinit { Descriptor.close(descriptor) }

  /// Makes the descriptor readable; from any thread, without waiting.
  public func ring() {
    var one: UInt64 = 1
    _ = SystemCall.retrying { write(descriptor, &one, 8) }
  }

  /// Clears the rings so far.
  public func drain() {
    var count: UInt64 = 0
    _ = SystemCall.retrying { read(descriptor, &count, 8) }
  }
}
