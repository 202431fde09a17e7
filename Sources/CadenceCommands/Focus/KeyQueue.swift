import Dispatch
import Synchronization

/// Key presses waiting for the choosing screen, in order: the reader thread adds, the screen
/// takes one at a time, so a held key's repeats are each applied once.
final class KeyQueue: @unchecked Sendable {
  private let available = DispatchSemaphore(value: 0)
  private let keys = Mutex<[KeyDecoder.Key]>([])

  func push(_ key: KeyDecoder.Key) {
    keys.withLock { $0.append(key) }
    available.signal()
  }

  /// The next key, waiting for one.
  func next() -> KeyDecoder.Key {
    available.wait()
    return keys.withLock { $0.removeFirst() }
  }

  /// Whether more keys are already waiting (to draw once after a burst of repeats).
  var hasMore: Bool { keys.withLock { !$0.isEmpty } }
}
