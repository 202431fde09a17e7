#if canImport(Glibc)
  import Glibc
#endif

/// A system thread of its own for work that blocks (reading keys, waiting for a child
/// process), so that it never sits on Swift's or Dispatch's shared threads.
public enum DetachedThread {
  /// Starts `body` on a new detached thread with a stack of `stackSize` bytes (by default,
  /// room for a loop that reads and hands on what it read); false when the system would not
  /// make one.
  @discardableResult
  public static func start(stackSize: Int = 1 << 18, _ body: @escaping @Sendable () -> Void)
    -> Bool
  {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    pthread_attr_setstacksize(&attributes, stackSize)
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    return true
  }

  /// What a thread runs, carried across `pthread_create`.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
