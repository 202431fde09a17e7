import CadenceSystem
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reads key presses from a terminal in raw mode on a thread of its own, decoded by
/// `KeyDecoder` (arrows included), and hands each to whichever handler is current. A held key
/// arrives as the terminal's repeats, each one press.
final class TerminalKeys: @unchecked Sendable {
  private let handler = Mutex<(@Sendable (KeyDecoder.Key) -> Void)?>(nil)
  private let ended = Mutex(false)

  /// Sets who receives the next keys.
  func route(_ handle: @escaping @Sendable (KeyDecoder.Key) -> Void) {
    handler.withLock { $0 = handle }
  }

  /// Whether standard input has closed.
  var isAtEnd: Bool { ended.withLock { $0 } }

  private func deliver(_ keys: [KeyDecoder.Key]) {
    let handle = handler.withLock { $0 }
    for key in keys { handle?(key) }
  }

  /// Starts reading; a lone Escape is released after 60 ms without a following byte.
  func start() {
    DetachedThread.start { [self] in
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        var watched = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&watched, 1, decoder.isWaiting ? 60 : -1)
        if ready < 0, errno == EINTR { continue }
        if ready == 0 {
          deliver(decoder.flush())
          continue
        }
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        if count <= 0 {
          ended.withLock { $0 = true }
          deliver([.endOfInput])
          return
        }
        deliver(decoder.feed(buffer[0..<count]))
      }
    }
  }
}
