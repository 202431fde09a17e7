import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import FoundationEssentials

/// A timer's, focus session's or break's countdown picked up after its process died: the
/// schedule it ran, what it is recorded as (its kind, task, session id, note and rules), and
/// where it has got to by now.
public struct ResumedCountdown {
  public let schedule: Schedule
  public let identity: RunIdentity
  public let rebuilt: RunRecovery.Rebuilt

  /// Whether it ended while Cadence was away, or was silent too long to go on.
  public var isOver: Bool { rebuilt.abandoned || rebuilt.engine.isOver }

  /// What is left of it now.
  public var remaining: Int64 {
    let engine = rebuilt.engine
    return max(0, engine.segmentLength - engine.segmentElapsed(at: rebuilt.offset))
  }

  /// Counts it on from where it got to, through a countdown made as it first was (`run` with
  /// its identity and rules); records it as it ended, without counting, when it is over.
  public func count(_ run: CountdownRun, store: Store) throws -> CountdownRun.Ending {
    if isOver {
      let (engine, session) = try RunRecovery.close(rebuilt, identity: identity, in: store)
      run.options.keep(session, environment: run.context.environment)
      return CountdownRun.Ending(engine: engine, signal: nil, hungUp: false, unsaved: nil)
    }
    var run = run
    run.mandatoryBreak = identity.mandatoryBreak
    run.resumption = RunDriver.Resumption(
      engine: rebuilt.engine, offset: rebuilt.offset, runID: rebuilt.run.id)
    return run.run()
  }

  /// The countdown that carries it on, made as it first was: its schedule and identity, the
  /// clock at its start, and its screen showing what is left.
  public func run(
    options: RunOptions, context: CommandContext, databasePath: String,
    screen: CountdownScreen.State?, keys: KeyRoute, background: Bool
  ) -> CountdownRun {
    CountdownRun(
      schedule: schedule, identity: identity, options: options, context: self.context(context),
      databasePath: databasePath, screen: self.screen(screen), keys: keys,
      background: background)
  }

  /// The context it counts in: the clock at its wall-clock start, as when it first ran.
  public func context(_ context: CommandContext) -> CommandContext {
    var started = context
    started.now = rebuilt.startWall
    return started
  }

  /// The countdown's screen showing what is left of it.
  public func screen(_ state: CountdownScreen.State?) -> CountdownScreen.State? {
    guard var state else { return nil }
    state.total = rebuilt.engine.total
    state.remaining = remaining
    return state
  }
}
