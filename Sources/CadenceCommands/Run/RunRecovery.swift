import CadenceCore
import CadenceStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Finds runs whose process died and rebuilds them from their record: the routine's text as it
/// was, its parameters, the wall-clock start and the user's actions, brought up to now.
enum RunRecovery {
  /// A run silent for longer than this is closed as stopped rather than resumed.
  static let abandonAfterMilliseconds: Int64 = 6 * 3_600_000

  struct Rebuilt {
    var run: ActiveRun
    var compiled: RoutineCompilation
    var engine: Engine
    var events: [EngineEvent]
    /// Milliseconds since the run's start, now.
    var offset: Int64
    var abandoned: Bool
  }

  /// Runs in the database whose process is gone.
  static func interrupted(in store: Store) throws(StoreError) -> [ActiveRun] {
    try store.activeRuns().filter { run in
      run.pid != getpid() && (kill(run.pid, 0) != 0 && errno == ESRCH)
    }
  }

  static func rebuild(_ run: ActiveRun, context: CommandContext) -> Result<
    Rebuilt, RoutineCompilation.Failure
  > {
    let start = Date(timeIntervalSince1970: Double(run.startedAt) / 1000)
    var original = context
    original.now = start
    return RoutineCompilation.compile(
      source: run.routineSource, path: run.routinePath, overrides: run.parameters,
      context: original
    ).map { compiled in
      let now = Timestamp.milliseconds(context.now)
      let abandoned = now - run.heartbeatAt > abandonAfterMilliseconds
      let until = (abandoned ? run.heartbeatAt : now) - run.startedAt
      let actions = run.actions.map {
        Engine.RecordedAction(at: $0.at - run.startedAt, name: $0.action, amount: $0.amount)
      }
      let (engine, events) = Engine.replay(
        schedule: compiled.schedule, actions: actions, until: max(0, until))
      return Rebuilt(
        run: run, compiled: compiled, engine: engine, events: events, offset: max(0, until),
        abandoned: abandoned)
    }
  }

  /// Records a rebuilt run that will not run again (abandoned, or finished while away).
  static func close(_ rebuilt: Rebuilt, in store: Store) throws(StoreError) {
    let start = Date(timeIntervalSince1970: Double(rebuilt.run.startedAt) / 1000)
    var engine = rebuilt.engine
    if !engine.isOver { _ = engine.apply(.stop, at: rebuilt.offset) }
    let end =
      engine.state == .finished
      ? (rebuilt.events.last { $0.kind == .finish }?.due ?? rebuilt.offset) : rebuilt.offset
    let session = RunRecorder.session(
      engine: engine, compiled: rebuilt.compiled, startWall: start, end: end, resumed: true)
    try store.finishRun(rebuilt.run.id, session: session)
  }
}
