import CadenceCore
import CadenceLua
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `resume` once its command line is read: brings back the latest run whose process died, with
/// the time it was gone accounted for (seed 002). A routine's run is recorded if it is over, or
/// carried on here (or in the background process a view attaches to); a timer's, focus's or
/// break's countdown goes back to the command, which counts it on as the countdown it was.
public struct Resumption {
  public var databasePath: String
  public var options: RunOptions
  public var context: CommandContext
  /// Whether this is the background process that carries the run on.
  public var background: Bool
  /// `--detach`: the run goes on in the background alone; nothing to resume is no failure.
  public var detach: Bool
  /// In the background process, the routine as the process that started it compiled it.
  public var handed: HandedRoutine?

  public init(
    databasePath: String, options: RunOptions, context: CommandContext, background: Bool,
    detach: Bool, handed: HandedRoutine?
  ) {
    self.databasePath = databasePath
    self.options = options
    self.context = context
    self.background = background
    self.detach = detach
    self.handed = handed
  }

  public enum Outcome {
    /// It is said and done: the status to exit with.
    case ended(ExitCode)
    /// A countdown to count on (or to record, if its time is over), and the database it is
    /// kept in.
    case countdown(ResumedCountdown, Store)
  }

  /// Brings back the latest run whose process died. `going` is a run that is going but not
  /// paused, named when there is nothing to resume; `launch` starts a routine's run in the
  /// background when it should be (a view attaching to it, or `--detach`), as `run` does, and
  /// gives the status to exit with, or nil when the run goes on in this process.
  public func resume(
    going: ControlClient.Live?, launch: (HandedRoutine, inout RunOptions) -> ExitCode?
  ) -> Outcome {
    var options = self.options
    if !background {
      DoNotDisturbOutput.recover(databasePath: databasePath, environment: context.environment) {
        context.console.problem($0)
      }
    }
    let store: Store
    let runs: [ActiveRun]
    do {
      // With no database there is nothing to resume, and nothing is created to say so.
      store = try Store.existing(path: databasePath)
      runs = try RunRecovery.interrupted(in: store)
    } catch {
      context.console.problem(error.description)
      return .ended(StoreFailure.exitCode(error))
    }
    // Nothing to act on is said on standard error with status 69, as `pause` and `stop` say it.
    guard let latest = runs.last else {
      // A run another `resume` has just taken over is going, though its socket may not be
      // open yet: said as a run going is, not as nothing to resume.
      let taken = background || going != nil ? nil : Self.takenOver(in: store)
      // From the background, the process that started this one says it (another `resume` took
      // the run over meanwhile).
      if background {
        ReadyHandshake.refuse("Nothing to resume: no run is paused or was interrupted.")
      } else if let taken {
        context.console.problem(
          "\(TerminalText.line(taken.name)) is going (process \(taken.pid)), not paused: nothing to resume."
        )
        return .ended(.unavailable)
      } else if going == nil, detach {
        // `resume --detach` is what a login runs (the systemd unit scripts/install writes):
        // nothing to bring back is the usual case there, not a failure, and says nothing
        // unless someone is at a terminal.
        if context.console.isTerminal {
          context.console.problem("Nothing to resume: no run is paused or was interrupted.")
        }
        return .ended(.success)
      }
      if let going {
        context.console.problem(
          "\(TerminalText.line(going.status.routine)) is going (run \(going.id)), not paused: nothing to resume."
        )
      } else {
        context.console.problem("Nothing to resume: no run is paused or was interrupted.")
      }
      return .ended(.unavailable)
    }
    if let damage = RunRecovery.damage(of: latest, now: context.now) {
      let sentence =
        "\(databasePath): the kept run of \(TerminalText.line(latest.routinePath)) is damaged (\(damage)); Cadence has left it untouched: move the database aside to start afresh, or restore a backup"
      ReadyHandshake.refuse(sentence)
      context.console.problem(sentence)
      return .ended(.dataError)
    }
    let start = Date(timeIntervalSince1970: Double(latest.startedAt) / 1000)
    var original = context
    original.now = start
    // A countdown is kept as its schedule; a routine (or a countdown kept by a Cadence from
    // before, as Lua text) is compiled again as it was at its start.
    // In the background, the routine as the process that started this one compiled it, when
    // it compiled this run's.
    var routine = handed.flatMap {
      $0.run == latest.id && $0.source == latest.routineSource ? $0 : nil
    }
    var compiled: RoutineCompilation?
    let schedule: Schedule
    if RunIdentity.isCountdown(path: latest.routinePath), let kept = latest.details.countdown {
      schedule = kept
    } else if let routine {
      schedule = routine.schedule
    } else {
      switch RoutineCompilation.compile(
        source: latest.routineSource, path: latest.routinePath, overrides: latest.parameters,
        context: original)
      {
      case .success(let result):
        compiled = result
        routine = result.handed(overrides: latest.parameters, run: latest.id)
        schedule = result.schedule
      case .failure(let failure):
        context.console.problem("\(failure.message)")
        return .ended(failure.exitCode)
      }
    }
    let rebuilt = RunRecovery.rebuild(latest, schedule: schedule, now: context.now)
    // The run comes back as what it was: its kind, task, session id and rules.
    let identity = RunIdentity(restoring: latest, task: options.task)
    if !background, let others = Self.others(runs.dropLast()) { context.console.problem(others) }
    guard let routine, !RunIdentity.isCountdown(path: latest.routinePath) else {
      return .countdown(
        ResumedCountdown(schedule: schedule, identity: identity, rebuilt: rebuilt), store)
    }
    let name = TerminalText.line(schedule.name)
    if rebuilt.abandoned || rebuilt.engine.isOver {
      if let code = Self.claim(
        latest, named: name, in: store, background: background, context: context)
      {
        return .ended(code)
      }
      let (_, session) = RunRecovery.ending(of: rebuilt, identity: identity)
      do {
        _ = try store.finishRun(rebuilt.run.id, session: session)
        options.keep(session, environment: context.environment)
      } catch {
        context.console.problem(error.description)
        return .ended(StoreFailure.exitCode(error))
      }
      AwayOutcome(name: name, session: session, abandoned: rebuilt.abandoned).say(
        json: options.output == .json, summed: false, console: context.console)
      return .ended(.success)
    }
    let done = rebuilt.events.filter { $0.kind == .segmentEnd }.count
    let engine = rebuilt.engine
    var line = "Resuming \(name)"
    if let segment = engine.currentSegment {
      let left = max(0, engine.segmentLength - engine.segmentElapsed(at: rebuilt.offset))
      line +=
        ": \(done) segment\(done == 1 ? "" : "s") done so far; now in \(TerminalText.line(segment.name))"
      line +=
        segment.kind == .manual ? ", waiting for you." : " with \(DurationText.format(left)) left."
    }
    context.console.problem(line)
    if !background,
      let code = launch(routine, &options)
    {
      return .ended(code)
    }
    let hooks: RoutineHooks?
    if let compiled {
      hooks = RoutineHooks(file: compiled.file, hooks: compiled.routine.hooks)
    } else {
      switch RoutineCompilation.hooks(of: routine) {
      case .success(let loaded): hooks = loaded
      case .failure(let failure):
        ReadyHandshake.refuse(failure.message)
        return .ended(failure.report(to: context.console))
      }
    }
    if let code = Self.claim(
      latest, named: name, in: store, background: background, context: context)
    {
      return .ended(code)
    }
    return .ended(
      RunSession(
        routine: routine, hooks: hooks, options: options, context: context,
        databasePath: databasePath,
        resumption: RunDriver.Resumption(engine: engine, offset: rebuilt.offset, runID: latest.id),
        startWall: start, restored: identity, background: background
      ).run())
  }

  /// The latest kept run whose process is alive: one another process has taken over (a
  /// `resume` at the same moment) and which is going, whether or not its socket is open yet.
  static func takenOver(in store: Store) -> (name: String, pid: Int32)? {
    guard let run = (try? store.activeRuns())?.last(where: { Processes.isAlive($0.pid) }) else {
      return nil
    }
    return (run.details.countdown?.name ?? RoutineFile.defaultName(of: run.routinePath), run.pid)
  }

  /// The line that says other interrupted runs are waiting (resume takes the latest), or nil.
  public static func others(_ waiting: ArraySlice<ActiveRun>) -> String? {
    guard !waiting.isEmpty else { return nil }
    // Named as status names them.
    let names = waiting.reversed().map { TerminalText.line(WaitingRun($0).name) }
    let count = waiting.count
    return
      "\(count) other interrupted run\(count == 1 ? " is" : "s are") waiting (\(names.joined(separator: ", "))); cadence resume again brings back the next."
  }

  /// Takes `run` over for this process, the one that carries it on (or records its end): nil
  /// when it did; otherwise another process took it first, which is said (to the process that
  /// started this one too, from the background), and the status to exit with is returned.
  public static func claim(
    _ run: ActiveRun, named name: String, in store: Store, background: Bool,
    context: CommandContext
  ) -> ExitCode? {
    let sentence: String
    let code: ExitCode
    do {
      if try store.claimRun(run.id, from: run.pid, pid: Processes.current) { return nil }
      sentence =
        "\(name) is already being resumed by another Cadence process; cadence status shows it."
      code = .unavailable
    } catch {
      sentence = error.description
      code = StoreFailure.exitCode(error)
    }
    ReadyHandshake.refuse(sentence)
    context.console.problem(sentence)
    return code
  }
}
