import Foundation

/// Key presses waiting for the choosing screen, in order: the reader thread adds, the screen
/// takes one at a time, so a held key's repeats are each applied once.
final class KeyQueue: @unchecked Sendable {
  private let lock = NSLock()
  private let available = DispatchSemaphore(value: 0)
  private var keys: [KeyDecoder.Key] = []

  func push(_ key: KeyDecoder.Key) {
    lock.withLock { keys.append(key) }
    available.signal()
  }

  /// The next key, waiting for one.
  func next() -> KeyDecoder.Key {
    available.wait()
    return lock.withLock { keys.removeFirst() }
  }

  /// Whether more keys are already waiting (to draw once after a burst of repeats).
  var hasMore: Bool { lock.withLock { !keys.isEmpty } }
}
