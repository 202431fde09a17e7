import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

extension ResumedCountdown {
  /// What `resume` does next with a countdown it took over (``takeOver(options:store:context:background:detach:)``).
  public enum Next {
    /// It is said and done: the status to exit with.
    case ended(ExitCode)
    /// A task's focus that finished while Cadence was away: its mandatory break is now kept as
    /// a run of its own, which `resume` picks up next.
    case resumeAgain
    /// It is counted on here (or its end recorded), shown as `options` say.
    case count(RunOptions)
  }

  /// What the countdown is, in the words `focus --detach` and `timer --detach` use.
  public var what: String {
    identity.kind == .timer ? "timer" : identity.kind.rawValue
  }

  /// Takes the countdown over for this process (unless another took it first), says how it
  /// comes back (or how it ended while Cadence was away), and tells what is next. `detach`:
  /// it goes on in the background alone; `background`: this is that background process.
  public func takeOver(
    options: RunOptions, store: Store, context: CommandContext, background: Bool, detach: Bool
  ) -> Next {
    var options = options
    let name = TerminalText.line(schedule.name)
    // This process carries the countdown on, or records its end: unless another took it first.
    let carries = !detach || background || isOver
    if carries,
      let code = Resumption.claim(
        rebuilt.run, named: name, in: store, background: background, context: context)
    {
      return .ended(code)
    }
    if isOver {
      let finished = !rebuilt.abandoned && rebuilt.engine.state == .finished
      if finished, identity.kind == .focus, identity.task != nil {
        return followWithBreak(name: name, options: options, store: store, context: context)
      }
      AwayOutcome(
        name: name, session: RunRecovery.ending(of: rebuilt, identity: identity).session,
        abandoned: !finished
      ).say(json: options.output == .json, summed: true, console: context.console)
      // Nothing counts any more: what it comes to is said in lines, here.
      if options.output == .view { options.output = .plain }
    } else {
      let mandatory = identity.mandatoryBreak ? " (the task's mandatory break)" : ""
      context.console.problem(
        "Resuming \(name)\(mandatory) with \(DurationText.format(remaining)) left.")
      if detach, !background {
        // It goes on in a background process of its own.
        return .ended(
          FocusBackground.launch(what: what, json: options.output == .json, context: context))
      }
    }
    // A shell's background job (`cadence resume &`) prints lines and leaves the terminal be.
    options.place(background: background, detach: detach)
    return .count(options)
  }

  /// The task and goal it counts for, as the database has them now (or as the countdown kept
  /// them, when they have been deleted since).
  public func records(in store: Store, clock: WallClock) throws(StoreError) -> (
    task: TaskRecord?, goal: GoalRecord?
  ) {
    let task = try identity.task.map { name throws(StoreError) in
      try store.planning.task(named: name)
        ?? TaskRecord(name: name, tags: identity.tags, createdAt: clock.now())
    }
    let goal = try identity.goal.map { name throws(StoreError) in
      try store.planning.goal(named: name)
        ?? GoalRecord(name: name, colour: "", createdAt: clock.now())
    }
    return (task, goal)
  }

  /// A task's focus that finished while Cadence was away: it is recorded as completed, and its
  /// mandatory break is kept as a run that started when the focus ended (in one transaction),
  /// which `resume` then picks up like any other: counting on, or finished too.
  private func followWithBreak(
    name: String, options: RunOptions, store: Store, context: CommandContext
  ) -> Next {
    let (_, session) = RunRecovery.ending(of: rebuilt, identity: identity)
    let focusEnd = rebuilt.run.startedAt + RunRecovery.end(of: rebuilt)
    do throws(StoreError) {
      let length =
        try store.setting("task-break").flatMap { try? DurationText.parse($0) }
        ?? FocusCycle.defaultBreak
      var cycle = FocusCycle(taskBreak: length, task: identity.task)
      cycle.resume(.focus, mandatory: false, length: rebuilt.engine.total)
      cycle.conclude(.completed)
      let schedule = cycle.schedule()
      var following = RunIdentity.countdown(
        .break, schedule: schedule, task: identity.task, goal: identity.goal, tags: identity.tags)
      following.mandatoryBreak = true
      following.note = identity.note
      following.noteSession = identity.sessionUUID
      _ = try store.finishRun(
        rebuilt.run.id, session: session,
        then: following.keptRun(startedAt: focusEnd))
      options.keep(session, environment: context.environment)
      try store.setSetting(FocusCycle.offerKey, FocusCycle.Phase.break.rawValue)
    } catch {
      context.console.problem(error.description)
      return .ended(StoreFailure.exitCode(error))
    }
    AwayOutcome(name: name, session: session, abandoned: false, breakFollows: true).say(
      json: options.output == .json, summed: false, console: context.console)
    return .resumeAgain
  }
}
