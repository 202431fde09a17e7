import CadenceSystem
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where the keys of a timer or a focus session go: one reader for the whole process (keys on
/// a terminal, lines otherwise), whose presses reach whichever handler is current, so that
/// the choosing screen and each countdown in turn can have them.
final class KeyRoute: @unchecked Sendable {
  private let handler = Mutex<(@Sendable (KeyDecoder.Key) -> Void)?>(nil)
  private let started = Mutex(false)
  private let keys = TerminalKeys()

  /// Sets who receives the next presses.
  func route(_ handle: @escaping @Sendable (KeyDecoder.Key) -> Void) {
    handler.withLock { $0 = handle }
  }

  private func deliver(_ key: KeyDecoder.Key) {
    let handle = handler.withLock { $0 }
    handle?(key)
  }

  /// Starts reading keys from the terminal in raw mode (once).
  func startKeys() {
    guard
      started.withLock({ started -> Bool in
        defer { started = true }
        return !started
      })
    else { return }
    keys.route { [weak self] in self?.deliver($0) }
    keys.start()
  }

  /// Starts reading lines from standard input when it is a pipe or this process's terminal
  /// (once): an empty line is Enter, otherwise its first character.
  func startLines() {
    guard
      Terminal.isForeground(STDIN_FILENO)
        || (!Terminal.isTerminal(STDIN_FILENO) && Descriptor.isPipe(STDIN_FILENO))
    else { return }
    guard
      started.withLock({ started -> Bool in
        defer { started = true }
        return !started
      })
    else { return }
    KeyReader.startLines { [weak self] key in
      switch key {
      case .enter: self?.deliver(.enter)
      case .character(let character): self?.deliver(.character(character))
      case .endOfInput: break
      }
    }
  }
}
