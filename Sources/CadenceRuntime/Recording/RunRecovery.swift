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

  /// What is wrong with a kept run's record, in a few words for an error; nil when it can be
  /// replayed. Its times must lie between 1970 and a day from now and an adjustment be no
  /// larger than the longest length, so that a row damaged by hand or by a clock gone wild is
  /// refused with an error rather than overflowing the replay's arithmetic.
  public static func damage(of run: ActiveRun, now: Date) -> String? {
    let latest = Timestamp.milliseconds(now) + 86_400_000
    let plausible = 0...latest
    guard plausible.contains(run.startedAt) else { return "its start time is out of range" }
    guard plausible.contains(run.heartbeatAt) else {
      return "its last sign of life is out of range"
    }
    for action in run.actions {
      guard plausible.contains(action.at) else {
        return "the time of an action (\(action.action)) is out of range"
      }
      if let amount = action.amount, amount.magnitude > DurationText.maximum.magnitude {
        return "an adjustment is out of range"
      }
    }
    guard RunIdentity.isCountdown(path: run.routinePath) else { return nil }
    guard let schedule = run.details.countdown else {
      // Kept by a Cadence from before, as Lua text; with none, its schedule was unreadable.
      return run.routineSource.isEmpty ? "its countdown cannot be read" : nil
    }
    return countdownDamage(schedule)
  }

  /// What is wrong with a countdown's kept schedule: one or more timed segments end to end,
  /// each of a length Cadence takes, and no instants besides.
  static func countdownDamage(_ schedule: Schedule) -> String? {
    var start: Int64 = 0
    guard !schedule.segments.isEmpty, schedule.events.isEmpty else {
      return "its countdown is not one Cadence keeps"
    }
    for (offset, segment) in schedule.segments.enumerated() {
      guard segment.index == offset + 1, segment.start == start, segment.kind != .manual,
        (1...DurationText.maximum).contains(segment.duration)
      else { return "a segment of its countdown is out of range" }
      start += segment.duration
    }
    return start == schedule.total ? nil : "its countdown's length does not add up"
  }

  /// Replays `run` on `schedule` (compiled as it was at the run's start) up to `now`.
  public static func rebuild(_ run: ActiveRun, schedule: Schedule, now: Date) -> Rebuilt {
    let now = Timestamp.milliseconds(now)
    let abandoned = now - run.heartbeatAt > abandonAfterMilliseconds
    let until = max(0, (abandoned ? run.heartbeatAt : now) - run.startedAt)
    // An action kept before the start (the clock was set back since) counts as at the start.
    let actions = run.actions.map {
      Engine.RecordedAction(at: max(0, $0.at - run.startedAt), name: $0.action, amount: $0.amount)
    }
    let (engine, events) = VirtualClock.replay(schedule: schedule, actions: actions, until: until)
    return Rebuilt(run: run, engine: engine, events: events, offset: until, abandoned: abandoned)
  }

  /// Records a rebuilt run that will not run again (abandoned, or finished while away), and
  /// returns how it ended and the session it was recorded as.
  @discardableResult
  public static func close(_ rebuilt: Rebuilt, identity: RunIdentity, in store: Store)
    throws(StoreError) -> (engine: Engine, session: SessionRecord)
  {
    let ended = ending(of: rebuilt, identity: identity)
    try store.finishRun(rebuilt.run.id, session: ended.session)
    return ended
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
