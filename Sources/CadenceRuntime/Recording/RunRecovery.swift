import CadenceCore
import CadenceStore
import CadenceSystem
import FoundationEssentials

/// Finds runs whose process died and rebuilds them from their record: the schedule as it was,
/// the wall-clock start and the user's actions, brought up to now on a virtual clock.
public enum RunRecovery {
  /// A run silent for longer than this is closed as stopped rather than resumed.
  public static let abandonAfterMilliseconds: Int64 = 6 * 3_600_000

  public struct Rebuilt: Sendable {
    public var run: ActiveRun
    public var engine: Engine
    public var events: [EngineEvent]
    /// Milliseconds since the run's start, now.
    public var offset: Int64
    public var abandoned: Bool

    /// The run's wall-clock start.
    public var startWall: Date { Date(timeIntervalSince1970: Double(run.startedAt) / 1000) }
  }

  /// Runs in the database whose process is gone.
  public static func interrupted(in store: Store) throws(StoreError) -> [ActiveRun] {
    try store.activeRuns().filter { !Processes.isAlive($0.pid) }
  }

  /// Replays `run` on `schedule` (compiled as it was at the run's start) up to `now`.
  public static func rebuild(_ run: ActiveRun, schedule: Schedule, now: Date) -> Rebuilt {
    let now = Timestamp.milliseconds(now)
    let abandoned = now - run.heartbeatAt > abandonAfterMilliseconds
    let until = max(0, (abandoned ? run.heartbeatAt : now) - run.startedAt)
    let actions = run.actions.map {
      Engine.RecordedAction(at: $0.at - run.startedAt, name: $0.action, amount: $0.amount)
    }
    let (engine, events) = VirtualClock.replay(schedule: schedule, actions: actions, until: until)
    return Rebuilt(run: run, engine: engine, events: events, offset: until, abandoned: abandoned)
  }

  /// Records a rebuilt run that will not run again (abandoned, or finished while away), and
  /// returns how it ended.
  @discardableResult
  public static func close(_ rebuilt: Rebuilt, identity: RunIdentity, in store: Store)
    throws(StoreError) -> Engine
  {
    let (engine, session) = ending(of: rebuilt, identity: identity)
    try store.finishRun(rebuilt.run.id, session: session)
    return engine
  }

  /// How a rebuilt run that will not run again ended (stopped when abandoned), and the session
  /// it is recorded as.
  public static func ending(of rebuilt: Rebuilt, identity: RunIdentity) -> (
    engine: Engine, session: SessionRecord
  ) {
    var engine = rebuilt.engine
    if !engine.isOver { _ = engine.apply(.stop, at: rebuilt.offset) }
    let session = RunRecorder.session(
      engine: engine, identity: identity, startWall: rebuilt.startWall, end: end(of: rebuilt),
      resumed: true)
    return (engine, session)
  }

  /// Milliseconds from the start to where a rebuilt run that will not run again ended: its
  /// finish when it finished while away, the last sign of life when abandoned.
  public static func end(of rebuilt: Rebuilt) -> Int64 {
    rebuilt.engine.state == .finished
      ? (rebuilt.events.last { $0.kind == .finish }?.due ?? rebuilt.offset) : rebuilt.offset
  }
}
