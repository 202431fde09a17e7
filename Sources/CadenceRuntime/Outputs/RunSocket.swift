import Synchronization

/// Where a run's control socket is, once the run has one: the notifier is made before the
/// socket, and its buttons reach the run through it.
public final class RunSocket: Sendable {
  private let stored = Mutex<String?>(nil)

  public init() {}

  public var path: String? {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}
