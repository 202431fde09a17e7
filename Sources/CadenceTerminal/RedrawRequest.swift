import Dispatch
import Synchronization

/// A full redraw asked for from any thread (after a resize): one asked for while another is
/// still waiting on the view's queue joins it, so that a burst of SIGWINCH draws the screen
/// once rather than once for each signal.
public final class RedrawRequest: Sendable {
  private let waiting = Atomic<Bool>(false)

  /// Queues `draw` on `queue`, unless a redraw queued there has not started yet. The request
  /// is taken as the redraw starts, so a resize during a draw is drawn after it.
  public func ask(on queue: DispatchQueue, _ draw: @escaping @Sendable () -> Void) {
    guard
      waiting.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    queue.async {
      self.waiting.store(false, ordering: .releasing)
      draw()
    }
  }
}
