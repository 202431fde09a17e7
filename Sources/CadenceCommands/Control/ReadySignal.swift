import CadenceCore
import CadenceRuntime
import CadenceSystem

/// Tells the process that started a background run, on descriptor 3, that the run is ready,
/// at the run's first update: only then can it answer `status`, so a status asked the moment
/// `run --detach` returns finds the run. Told once; the descriptor is closed after.
final class ReadySignal: RunOutput, @unchecked Sendable {
  private let line: String
  // Touched only on the run's output queue.
  private var told = false

  init(id: String) { line = "ready \(id)\n" }

  func present(_ update: RunUpdate) {
    guard !told else { return }
    told = true
    Descriptor.writeAll(3, line)
    Descriptor.close(3)
  }

  func notice(_ text: String) {}

  /// A run that ended before its first update closes the descriptor unanswered: the starter
  /// then says it ended before it was ready.
  func finish(_ engine: Engine) {
    guard !told else { return }
    told = true
    Descriptor.close(3)
  }
}
