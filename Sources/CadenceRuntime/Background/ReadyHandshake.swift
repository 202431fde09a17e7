import CadenceSystem
import Synchronization

/// What the background process of a run tells the process that started it, on descriptor 3,
/// and the only place that writes or reads it: `ready ID` once the run can answer `status`, or
/// `error SENTENCE` when it cannot start. Told once; the descriptor is closed after, so a
/// later file that takes its number is never written to.
public enum ReadyHandshake {
  private enum State: Equatable { case notBackground, waiting(Int32), told }
  private static let state = Mutex(State.notBackground)

  /// Marks this process as the background process of a run, whose starter waits to hear on
  /// `descriptor` (3, where `Processes.spawnDetached` hands it over).
  public static func begin(descriptor: Int32 = 3) { state.withLock { $0 = .waiting(descriptor) } }

  /// Whether this process is a run's background process (its starter told or not).
  public static var isBackground: Bool { state.withLock { $0 != .notBackground } }

  /// Tells the starter that the run `id` is ready; nothing outside a background process, or
  /// once told.
  public static func ready(_ id: String) { tell("ready \(id)\n") }

  /// Tells the starter why the run could not start (a sentence for the user); nothing outside a
  /// background process, or once told.
  public static func refuse(_ sentence: String) {
    tell("error \(sentence.split(separator: "\n").joined(separator: " "))\n")
  }

  /// Closes the descriptor unanswered: the starter says the run ended before it was ready.
  public static func close() { tell(nil) }

  private static func tell(_ line: String?) {
    let waiting = state.withLock { state -> Int32? in
      guard case .waiting(let descriptor) = state else { return nil }
      state = .told
      return descriptor
    }
    guard let descriptor = waiting else { return }
    if let line { _ = Descriptor.writeAll(descriptor, line) }
    Descriptor.close(descriptor)
  }

  /// What the starter heard.
  public enum Answer: Equatable, Sendable {
    case ready(String)
    case refused(String)
    /// The descriptor was closed, or the process ended, with nothing said.
    case ended
  }

  /// Reads the answer from `descriptor`, the starter's end of the pipe.
  public static func answer(from descriptor: Int32) -> Answer {
    var said: [UInt8] = []
    while case .success(let bytes) = Descriptor.read(descriptor, limit: 4096), !bytes.isEmpty {
      said += bytes
      if said.contains(10) { break }
    }
    let line = String(decoding: said.prefix { $0 != 10 }, as: UTF8.self)
    if line.hasPrefix("ready ") { return .ready(String(line.dropFirst(6))) }
    if line.hasPrefix("error ") { return .refused(String(line.dropFirst(6))) }
    return .ended
  }
}
