import Synchronization

/// Runs an engine in real time on a clock: sleeps until the next absolute deadline (never tick
/// by tick), wakes for user commands, and after any wake-up lets the engine derive from the
/// clock what is due.
///
/// It runs on the thread that calls `run`, which blocks in its alarm between wake-ups: no task,
/// no queue, nothing else awake. Production passes `ContinuousClock` with an alarm on the
/// system's timer; tests pass a `ManualClock` with a `ManualAlarm`: the same loop either way,
/// only the waiting differs.
public final class EngineRunner<C: Clock>: Sendable where C.Duration == Duration {
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

  public let schedule: Schedule
  public let clock: C
  private let alarm: any RunAlarm<C.Instant>
  /// Commands sent and not yet applied, in the order they came.
  private let inbox = Mutex<[EngineCommand]>([])

  public init(schedule: Schedule, clock: C, alarm: any RunAlarm<C.Instant>) {
    self.schedule = schedule
    self.clock = clock
    self.alarm = alarm
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

  /// Asks the run to act; returns at once, from any thread. A command sent before `run`
  /// starts waits for it.
  public func send(_ command: EngineCommand) {
    inbox.withLock { $0.append(command) }
    alarm.ring()
  }

  /// Runs to the finish, or until a stop command, blocking the calling thread; returns the
  /// engine as it ended. A run that carries on from `resuming` (an engine already `offset`
  /// milliseconds into its run) starts there instead of at the beginning. `report` is called
  /// on this thread after every step that changed something.
  public func run(
    resuming: Engine? = nil, offset: Int64 = 0, report: (Update) -> Void
  ) -> Engine {
    let start = clock.now.advanced(by: .milliseconds(-offset))
    var engine = resuming ?? Engine(schedule: schedule)

    var observed: Int64 = 0
    func now() -> Int64 {
      observed = Self.microseconds(from: start, to: clock.now)
      return observed / 1000
    }

    // A new run's schedule is anchored at the runner's start instant itself, so every event
    // keeps its exact offset however long the first clock reading takes; a resumed one is
    // brought up to now.
    let current = now()
    let opening = resuming == nil ? engine.start(at: 0) : engine.advance(to: current)
    report(Update(events: opening, engine: engine, start: start, observed: observed))
    while !engine.isOver {
      alarm.wait(until: engine.nextDeadline.map { start.advanced(by: .milliseconds($0)) })
      let commands = inbox.withLock { inbox in
        defer { inbox.removeAll() }
        return inbox
      }
      if commands.isEmpty {
        // The deadline came (or the wait ended early, and nothing is due yet).
        let events = engine.advance(to: now())
        if !events.isEmpty {
          report(Update(events: events, engine: engine, start: start, observed: observed))
        }
      }
      for command in commands where !engine.isOver {
        let events = engine.apply(command, at: now())
        report(Update(events: events, engine: engine, start: start, observed: observed))
      }
    }
    return engine
  }
}
