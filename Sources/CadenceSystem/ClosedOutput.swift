import FoundationEssentials
import Synchronization

/// What happens when the reader of standard output goes away (`cadence run --json | head -1`).
///
/// SIGPIPE is ignored, so a write fails with EPIPE instead of killing the process. The first
/// such failure, or a watcher that sees the pipe's reader close, marks standard output closed
/// (another failure, as a full disk, marks it broken: ``markBroken()``):
/// a run has said what to do then (stop, and record the session as stopped); any other
/// command, having nothing to keep, exits at once with 141, the status of a SIGPIPE death.
public final class ClosedOutput: @unchecked Sendable {
  public static let shared = ClosedOutput()

  private struct State {
    var closed = false
    var handler: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  public var isClosed: Bool { state.withLock { $0.closed } }

  /// What to do once standard output is closed, instead of exiting; called at once if it is.
  public func onClose(_ action: @escaping @Sendable () -> Void) {
    let already = state.withLock {
      $0.handler = action
      return $0.closed
    }
    if already { action() }
  }

  /// Marks standard output closed; the first time, acts on it.
  public func markClosed() {
    let action: (@Sendable () -> Void)?? = state.withLock {
      guard !$0.closed else { return .none }
      $0.closed = true
      return .some($0.handler)
    }
    guard case .some(let handler) = action else { return }
    guard let handler else { Processes.exit(ExitCode.signal(Signals.pipe).rawValue) }
    handler()
  }

  /// Marks standard output broken (a full disk, a file-size limit, a failing device): a run
  /// is stopped as for a closed pipe; any other command goes on, its output dropped, and is
  /// told of at its end (``Console/finish(_:)``).
  public func markBroken() {
    let action: (@Sendable () -> Void)? = state.withLock {
      guard !$0.closed, let handler = $0.handler else { return nil }
      $0.closed = true
      return handler
    }
    action?()
  }

  /// Watches a pipe on standard output from a thread of its own, which waits in poll(2) for
  /// the reader to close its end, so that a run learns of it before its next line.
  public func watchPipe() {
    guard Descriptor.isPipe(Descriptor.standardOutput) else { return }
    DetachedThread.start {
      if !Descriptor.waitUntilBroken(Descriptor.standardOutput).isDisjoint(with: .broken) {
        ClosedOutput.shared.markClosed()
      }
    }
  }
}
