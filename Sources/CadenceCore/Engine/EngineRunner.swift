/// Runs an engine in real time on a clock: sleeps until the next absolute deadline (never tick
/// by tick), wakes for user commands, and after any wake-up lets the engine derive from the
/// clock what is due.
///
/// Production passes `ContinuousClock`, which keeps counting while the machine sleeps; tests
/// pass a `ManualClock`.
public struct EngineRunner<C: Clock>: Sendable where C.Duration == Duration {
  /// What the runner reports after each step: the events that fired and the engine as it now
  /// stands, with the instant the run started on the runner's clock.
  public struct Update: Sendable {
    public var events: [EngineEvent]
    public var engine: Engine
    public var start: C.Instant
    /// When the runner read the clock for these events, in microseconds since the start:
    /// finer than the engine's milliseconds, for measuring how late events fire.
    public var observed: Int64

    /// How late `event` fired, in microseconds.
    public func lateness(of event: EngineEvent) -> Int64 { max(0, observed - event.due * 1000) }
  }

  enum Input: Sendable {
    case wake(Int)
    case command(EngineCommand)
  }

  public let schedule: Schedule
  public let clock: C

  public init(schedule: Schedule, clock: C) {
    self.schedule = schedule
    self.clock = clock
  }

  /// Microseconds from `start` to `instant`, rounded down.
  public static func microseconds(from start: C.Instant, to instant: C.Instant) -> Int64 {
    let (seconds, attoseconds) = start.duration(to: instant).components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }

  /// Milliseconds from `start` to `instant`, rounded down.
  public static func milliseconds(from start: C.Instant, to instant: C.Instant) -> Int64 {
    let (seconds, attoseconds) = start.duration(to: instant).components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }

  /// Runs to the finish, or until a stop command; returns the engine as it ended. A run that
  /// carries on from `resuming` (an engine already `offset` milliseconds into its run) starts
  /// there instead of at the beginning.
  public func run(
    commands: AsyncStream<EngineCommand>, resuming: Engine? = nil, offset: Int64 = 0,
    report: @escaping @Sendable (Update) -> Void
  ) async -> Engine {
    let (inputs, feed) = AsyncStream<Input>.makeStream()
    let forwarder = Task {
      for await command in commands { feed.yield(.command(command)) }
    }
    let clock = self.clock
    let start = clock.now.advanced(by: .milliseconds(-offset))
    var engine = resuming ?? Engine(schedule: schedule)
    var ticker: Task<Void, Never>?
    var generation = 0

    var observed: Int64 = 0
    func now() -> Int64 {
      observed = Self.microseconds(from: start, to: clock.now)
      return observed / 1000
    }

    func arm() {
      ticker?.cancel()
      generation += 1
      guard let deadline = engine.nextDeadline else { return }
      let instant = start.advanced(by: .milliseconds(deadline))
      let wanted = generation
      ticker = Task {
        do {
          try await clock.sleep(until: instant, tolerance: nil)
          feed.yield(.wake(wanted))
        } catch {}
      }
    }

    // A new run's schedule is anchored at the runner's start instant itself, so every event
    // keeps its exact offset however long the first clock reading takes; a resumed one is
    // brought up to now.
    let current = now()
    let opening = resuming == nil ? engine.start(at: 0) : engine.advance(to: current)
    report(Update(events: opening, engine: engine, start: start, observed: observed))
    if engine.isOver {
      forwarder.cancel()
      return engine
    }
    arm()
    for await input in inputs {
      let events: [EngineEvent]
      switch input {
      case .wake(let wanted):
        guard wanted == generation else { continue }
        events = engine.advance(to: now())
      case .command(let command):
        events = engine.apply(command, at: now())
      }
      report(Update(events: events, engine: engine, start: start, observed: observed))
      if engine.isOver { break }
      arm()
    }
    ticker?.cancel()
    forwarder.cancel()
    feed.finish()
    return engine
  }
}
