import CadenceSystem
import FoundationEssentials
import Synchronization

/// Where the keys of a timer or a focus session go: one reader for the whole process (keys on
/// a terminal, lines otherwise), whose presses reach whichever handler is current, so that
/// the choosing screen and each countdown in turn can have them.
public final class KeyRoute: @unchecked Sendable {
  private let handler = Mutex<(@Sendable (KeyDecoder.Key) -> Void)?>(nil)
  private let started = Mutex(false)
  private let keys = TerminalKeys()

  public init() {}

  /// Sets who receives the next presses.
  public func route(_ handle: @escaping @Sendable (KeyDecoder.Key) -> Void) {
    handler.withLock { $0 = handle }
  }

  private func deliver(_ key: KeyDecoder.Key) {
    let handle = handler.withLock { $0 }
    handle?(key)
  }

  /// Starts reading keys from the terminal in raw mode (once).
  public func startKeys() {
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
  public func startLines() {
    guard
      Terminal.isForeground(Terminal.input)
        || (!Terminal.isTerminal(Terminal.input) && Descriptor.isPipe(Terminal.input))
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
