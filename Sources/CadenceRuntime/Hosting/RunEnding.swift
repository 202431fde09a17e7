import Synchronization

/// How a run in this process, or a view of one, came to an end from outside its own thread:
/// the signal that stopped it, and whether the one it was shown to went away (the terminal
/// hung up, standard output was closed by its reader, the view was detached). Set from the
/// signal and key threads, read once the run is over.
public final class RunEnding: Sendable {
  private let number = Mutex<Int32?>(nil)
  private let gone = Mutex(false)

  public init() {}

  /// The signal that ended it (SIGINT, SIGTERM), if one did.
  public var signal: Int32? {
    get { number.withLock { $0 } }
    set { number.withLock { $0 = newValue } }
  }

  /// Whether whoever it was shown to went away.
  public var readerGone: Bool {
    get { gone.withLock { $0 } }
    set { gone.withLock { $0 = newValue } }
  }
}
