import Dispatch
import Synchronization

/// Key presses waiting for the choosing screen, in order: the reader thread adds, the screen
/// takes one at a time, so a held key's repeats are each applied once.
public final class KeyQueue: @unchecked Sendable {
  private let available = DispatchSemaphore(value: 0)
  private let keys = Mutex<[KeyDecoder.Key]>([])

  /// The most keys waiting: far more than a held key repeats while the screen is busy. Keys
  /// past it (an endless stream piped in) are dropped, so the queue never grows without end.
  public static let capacity = 1024

  public init() {}

  public func push(_ key: KeyDecoder.Key) {
    let kept = keys.withLock { keys in
      // The end of input is always kept: it is what lets the screen stop waiting.
      guard keys.count < Self.capacity || key == .endOfInput else { return false }
      keys.append(key)
      return true
    }
    if kept { available.signal() }
  }

  /// The next key, waiting for one.
  public func next() -> KeyDecoder.Key {
    available.wait()
    return keys.withLock { $0.removeFirst() }
  }

  /// Whether more keys are already waiting (to draw once after a burst of repeats).
  public var hasMore: Bool { keys.withLock { !$0.isEmpty } }
}
