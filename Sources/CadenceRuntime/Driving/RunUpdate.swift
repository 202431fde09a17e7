import CadenceCore

/// What a run hands its outputs after each step: the events that fired, narrated, and the
/// engine as it now stands.
public struct RunUpdate: Sendable {
  public var narrations: [Narration]
  public var engine: Engine
  /// When the runner read its clock for these events, in microseconds since the run's start.
  public var observed: Int64
  /// The same moment on this machine's continuous clock, so a view can tell the run's time
  /// now without asking (a remote view puts its own receipt time here, less the transit).
  public var observedAt: ContinuousClock.Instant

  public init(
    narrations: [Narration], engine: Engine, observed: Int64, observedAt: ContinuousClock.Instant
  ) {
    self.narrations = narrations
    self.engine = engine
    self.observed = observed
    self.observedAt = observedAt
  }

  /// How late `event` fired, in microseconds.
  public func lateness(of event: EngineEvent) -> Int64 { max(0, observed - event.due * 1000) }

  /// Milliseconds on the run's clock at `instant`.
  public func milliseconds(at instant: ContinuousClock.Instant) -> Int64 {
    let (seconds, attoseconds) = observedAt.duration(to: instant).components
    return (observed + seconds * 1_000_000 + attoseconds / 1_000_000_000_000) / 1000
  }
}
