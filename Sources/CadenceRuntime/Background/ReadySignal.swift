import CadenceCore

/// Tells the process that started a background run that the run is ready, at the run's first
/// update: only then can it answer `status`, so a status asked the moment `run --detach`
/// returns finds the run. A run that ends before its first update closes the descriptor
/// unanswered: the starter then says it ended before it was ready. Said through
/// `ReadyHandshake`, once a process.
public final class ReadySignal: RunOutput, @unchecked Sendable {
  private let id: String
  // Touched only on the run's output queue.
  private var told = false

  public init(id: String) { self.id = id }

  public func present(_ update: RunUpdate) {
    guard !told else { return }
    told = true
    ReadyHandshake.ready(id)
  }

  public func notice(_ text: String) {}

  public func finish(_ engine: Engine) { ReadyHandshake.close() }
}
