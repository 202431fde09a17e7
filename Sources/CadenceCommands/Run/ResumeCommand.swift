import CadenceArguments
import CadenceCore
import CadenceLua
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence resume`: picks up a run whose process was killed, with the time it was gone
/// accounted for (seed 002).
enum ResumeCommand {
  static let spec = CommandSpec(
    name: "resume",
    abstract:
      "Continues a paused run, or one that was interrupted (killed or the machine restarted).",
    discussion: """
      A run that is going but paused is unpaused (--run ID picks one of several). Otherwise the
      latest run whose process died is brought back. Segments that ended while Cadence was gone count as done, and the run picks up in the
      segment it is in now, with the time that segment has left. A run that would have finished
      is recorded as completed; one silent for over 6 hours is recorded as stopped instead.
      With --detach, nothing to resume is no failure (status 0, said only on a terminal), so a
      login can run cadence resume --detach every time.
      A timer, focus session or break comes back as the countdown it was, with its rules (a
      task's mandatory break still cannot be skipped or shortened), its task and its note.
      """,
    examples: ["cadence resume", "cadence resume --plain", "cadence resume --detach"],
    options: RunCommand.spec.options.filter { $0.name != "set" } + [RunSelection.option.spec],
    positionals: [],
    exclusive: RunCommand.spec.exclusive
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    start(arguments, context: context, background: false)
  }

  /// Unpauses a paused run that is going, or brings back the latest one whose process died;
  /// `background` is set in the background process that carries it on.
  /// `handed`, in that process, is the routine as the process that started it compiled it.
  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    handed: HandedRoutine? = nil
  ) -> ExitCode {
    var going: ControlClient.Live?
    if !background {
      switch RunSelection.choose(arguments, context: context) {
      case .chosen(let run):
        if run.status.state == "paused" {
          return ControlCommand.act(
            .resume, verb: "Resumed", arguments, context, usage: spec.usage,
            json: arguments[CommonOptions.json])
        }
        going = run
      case .ambiguous(let sentence):
        return UsageError(sentence, usage: spec.usage).report(to: context.console)
      case .none(let sentence):
        if arguments[RunSelection.option] != nil {
          context.console.problem(sentence)
          return .unavailable
        }
      }
    }
    var options: RunOptions
    do {
      options = try RunOptions.load(arguments, context: context)
    } catch {
      return error.report(to: context.console)
    }
    let path = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    if !background {
      DoNotDisturbOutput.recover(databasePath: path, environment: context.environment) {
        context.console.problem($0)
      }
    }
    let store: Store
    let runs: [ActiveRun]
    do {
      // With no database there is nothing to resume, and nothing is created to say so.
      store = try Store.existing(path: path)
      runs = try RunRecovery.interrupted(in: store)
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    // Nothing to act on is said on standard error with status 69, as `pause` and `stop` say it.
    guard let latest = runs.last else {
      // From the background, the process that started this one says it (another `resume` took
      // the run over meanwhile).
      if background {
        ReadyHandshake.refuse("Nothing to resume: no run is paused or was interrupted.")
      } else if going == nil, arguments[CommonOptions.detach] {
        // `resume --detach` is what a login runs (the systemd unit scripts/install writes):
        // nothing to bring back is the usual case there, not a failure, and says nothing
        // unless someone is at a terminal.
        if context.console.isTerminal {
          context.console.problem("Nothing to resume: no run is paused or was interrupted.")
        }
        return .success
      }
      if let going {
        context.console.problem(
          "\(TerminalText.line(going.status.routine)) is going (run \(going.id)), not paused: nothing to resume."
        )
      } else {
        context.console.problem("Nothing to resume: no run is paused or was interrupted.")
      }
      return .unavailable
    }
    if let damage = RunRecovery.damage(of: latest, now: context.now) {
      let sentence =
        "\(path): the kept run of \(TerminalText.line(latest.routinePath)) is damaged (\(damage)); Cadence has left it untouched: move the database aside to start afresh, or restore a backup"
      ReadyHandshake.refuse(sentence)
      context.console.problem(sentence)
      return .dataError
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
        return failure.exitCode
      }
    }
    let rebuilt = RunRecovery.rebuild(latest, schedule: schedule, now: context.now)
    // The run comes back as what it was: its kind, task, session id and rules.
    let identity = RunIdentity(restoring: latest, task: options.task)
    if !background, let others = others(runs.dropLast()) { context.console.problem(others) }
    guard let routine, !RunIdentity.isCountdown(path: latest.routinePath) else {
      return CountdownResumption(
        countdown: ResumedCountdown(schedule: schedule, identity: identity, rebuilt: rebuilt),
        options: options, arguments: arguments, context: context, store: store,
        databasePath: path, background: background
      ).resume()
    }
    let name = TerminalText.line(schedule.name)
    if rebuilt.abandoned || rebuilt.engine.isOver {
      if let code = claim(latest, named: name, in: store, background: background, context: context)
      {
        return code
      }
      let (_, session) = RunRecovery.ending(of: rebuilt, identity: identity)
      do {
        _ = try store.finishRun(rebuilt.run.id, session: session)
        options.keep(session, environment: context.environment)
      } catch {
        context.console.problem("\(error.description)")
        return StoreFailure.exitCode(error)
      }
      AwayOutcome(name: name, session: session, abandoned: rebuilt.abandoned).say(
        json: options.output == .json, summed: false, console: context.console)
      return .success
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
      let code = Detached.launch(arguments, options: &options, context: context, handing: routine)
    {
      return code
    }
    let hooks: RoutineHooks?
    if let compiled {
      hooks = RoutineHooks(file: compiled.file, hooks: compiled.routine.hooks)
    } else {
      switch RoutineCompilation.hooks(of: routine) {
      case .success(let loaded): hooks = loaded
      case .failure(let failure):
        ReadyHandshake.refuse(failure.message)
        return failure.report(to: context.console)
      }
    }
    if let code = claim(latest, named: name, in: store, background: background, context: context) {
      return code
    }
    return RunSession(
      routine: routine, hooks: hooks, options: options, context: context, databasePath: path,
      resumption: RunDriver.Resumption(engine: engine, offset: rebuilt.offset, runID: latest.id),
      startWall: start, restored: identity, background: background
    ).run()
  }

  /// The line that says other interrupted runs are waiting (resume takes the latest), or nil.
  static func others(_ waiting: ArraySlice<ActiveRun>) -> String? {
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
  static func claim(
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
