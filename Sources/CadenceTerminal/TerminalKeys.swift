import CadenceSystem
import FoundationEssentials
import Synchronization

/// Reads key presses from a terminal in raw mode on a thread of its own, decoded by
/// `KeyDecoder` (arrows included), and hands each to whichever handler is current. A held key
/// arrives as the terminal's repeats, each one press.
public final class TerminalKeys: @unchecked Sendable {
  private let handler = Mutex<(@Sendable (KeyDecoder.Key) -> Void)?>(nil)
  private let ended = Mutex(false)

  /// Sets who receives the next keys.
  public func route(_ handle: @escaping @Sendable (KeyDecoder.Key) -> Void) {
    handler.withLock { $0 = handle }
  }

  /// Whether standard input has closed.
  public var isAtEnd: Bool { ended.withLock { $0 } }

  private func deliver(_ keys: [KeyDecoder.Key]) {
    let handle = handler.withLock { $0 }
    for key in keys { handle?(key) }
  }

  /// Starts reading; a lone Escape is released after 60 ms without a following byte.
  public func start() {
    DetachedThread.start { [self] in
      var decoder = KeyDecoder()
      while true {
        guard Terminal.waitForInput(milliseconds: decoder.isWaiting ? 60 : -1) else {
          deliver(decoder.flush())
          continue
        }
        let read = Descriptor.read(Terminal.input, limit: 256)
        if case .failure(let error) = read, error == .wouldBlock { continue }
        guard case .success(let bytes) = read, !bytes.isEmpty else {
          ended.withLock { $0 = true }
          deliver([.endOfInput])
          return
        }
        deliver(decoder.feed(bytes))
      }
    }
  }
}
