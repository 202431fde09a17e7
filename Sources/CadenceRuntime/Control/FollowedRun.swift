import CadenceCore
import FoundationEssentials

/// A run followed over its `watch` stream, as a status bar follows it: the status its socket
/// gave when asked (which says what the stream does not: its process, routine path and rules),
/// kept current by the stream's lines, and told at any moment without asking again, from the
/// engine and the run's clock as the last line left them.
public struct FollowedRun: Sendable {
  public let id: String
  /// The status the run gave when asked, until the stream's hello replaces what it says.
  private var asked: RunStatus
  private var schedule: Schedule?
  private var engine: Engine?
  /// The run's clock, in microseconds, at `anchor` on this machine's clock.
  private var runClock: Int64 = 0
  private var anchor: ContinuousClock.Instant
  /// What has arrived of a line not yet whole.
  private var partial: [UInt8] = []
  /// Whether the stream said the run has ended.
  public private(set) var ended = false

  /// The longest line kept while it arrives (a hello holds the whole schedule).
  static let longestLine = 64 << 20

  /// A run that answered `status` with `status` at `instant`.
  public init(status: RunStatus, at instant: ContinuousClock.Instant) {
    id = status.id
    asked = status
    anchor = instant
  }

  /// Takes bytes of the stream that arrived at `instant`: whether what the status says
  /// changed (a hello, an update or the end).
  public mutating func take(_ bytes: [UInt8], at instant: ContinuousClock.Instant) -> Bool {
    partial += bytes
    var changed = false
    while let end = partial.firstIndex(of: 10) {
      let line = Array(partial[..<end])
      partial.removeFirst(end + 1)
      if let message = try? JSONDecoder().decode(WatchMessage.self, from: Data(line)) {
        changed = take(message, at: instant) || changed
      }
    }
    // A line that never ends is not kept without bound: the run is let go as ended.
    if partial.count > Self.longestLine {
      partial = []
      ended = true
      changed = true
    }
    return changed
  }

  /// Takes one line of the stream, arrived at `instant`: whether what the status says changed.
  public mutating func take(_ message: WatchMessage, at instant: ContinuousClock.Instant) -> Bool {
    switch message.type {
    case "hello":
      guard let schedule = message.schedule, let snapshot = message.engine,
        let engine = Engine(schedule: schedule, snapshot: snapshot)
      else { return false }
      self.schedule = schedule
      self.engine = engine
      if let started = message.startedAt { asked.startedAt = started }
    case "update":
      guard let schedule, let snapshot = message.engine,
        let engine = Engine(schedule: schedule, snapshot: snapshot)
      else { return false }
      self.engine = engine
    case "end":
      ended = true
      return true
    default:
      return false
    }
    runClock = message.sent ?? message.observed ?? runClock
    anchor = instant
    return true
  }

  /// The run's status at `instant`, as `status` would have had it answered then.
  public func status(at instant: ContinuousClock.Instant) -> RunStatus {
    guard let engine else { return asked }
    let (seconds, attoseconds) = anchor.duration(to: instant).components
    let now = (runClock + seconds * 1_000_000 + attoseconds / 1_000_000_000_000) / 1000
    return RunStatus(
      id: asked.id, pid: asked.pid, path: asked.path, engine: engine, now: max(0, now),
      startWall: Date(timeIntervalSince1970: Double(asked.startedAt) / 1000),
      mandatory: asked.mandatory)
  }
}
