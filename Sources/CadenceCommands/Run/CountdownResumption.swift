import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence resume` of a timer, focus session or break whose process died: it comes back as
/// the countdown it was, not as a routine's run. Only pause, resume, adjust and stop act on it
/// (a task's mandatory break refuses skip and shortening, from the keys and the control socket
/// alike); it is recorded with its kind, task, goal, tags and session id; and at its end the
/// focus cycle moves on as it would have: a task's focus is followed by its mandatory break,
/// and that break's end saves the note.
struct CountdownResumption {
  let countdown: ResumedCountdown
  let options: RunOptions
  let arguments: ParsedArguments
  let context: CommandContext
  let store: Store
  let databasePath: String
  let background: Bool

  /// What the countdown is, in the words `focus --detach` and `timer --detach` use.
  private var what: String {
    countdown.identity.kind == .timer ? "timer" : countdown.identity.kind.rawValue
  }

  func resume() -> ExitCode {
    var options = self.options
    let identity = countdown.identity
    let name = TerminalText.line(countdown.schedule.name)
    let detach = arguments[CommonOptions.detach]
    // This process carries the countdown on, or records its end: unless another took it first.
    let carries = !detach || background || countdown.isOver
    if carries,
      let code = Resumption.claim(
        countdown.rebuilt.run, named: name, in: store, background: background, context: context)
    {
      return code
    }
    if countdown.isOver {
      let finished = !countdown.rebuilt.abandoned && countdown.rebuilt.engine.state == .finished
      if finished, identity.kind == .focus, identity.task != nil {
        return followWithBreak(name: name)
      }
      AwayOutcome(
        name: name, session: RunRecovery.ending(of: countdown.rebuilt, identity: identity).session,
        abandoned: !finished
      ).say(json: options.output == .json, summed: true, console: context.console)
      // Nothing counts any more: what it comes to is said in lines, here.
      if options.output == .view { options.output = .plain }
    } else {
      let mandatory = identity.mandatoryBreak ? " (the task's mandatory break)" : ""
      context.console.problem(
        "Resuming \(name)\(mandatory) with \(DurationText.format(countdown.remaining)) left.")
      if detach, !background {
        return FocusBackground.launch(what: what, json: options.output == .json, context: context)
      }
    }
    if background {
      options.output = .plain
    } else if !detach {
      // A shell's background job (`cadence resume &`) prints lines and leaves the terminal be.
      _ = Detached.leaveTerminalAlone(&options)
    }
    return StoreAccess.with(arguments, context, usage: ResumeCommand.spec.usage) { store in
      let task = try identity.task.map { name in
        try store.planning.task(named: name)
          ?? TaskRecord(name: name, tags: identity.tags, createdAt: context.clock.now())
      }
      let goal = try identity.goal.map { name in
        try store.planning.goal(named: name)
          ?? GoalRecord(name: name, colour: "", createdAt: context.clock.now())
      }
      if identity.kind == .timer {
        var timer = StudyTimer(
          task: task, goal: goal, options: options, context: context,
          databasePath: databasePath,
          presets: TimerPresets.current(
            Dictionary(try store.settings().map { ($0.key, $0.value) }) { $1 }),
          store: store)
        timer.background = background
        timer.resumed = countdown
        let length = countdown.rebuilt.engine.total
        return options.output == .view
          ? try timer.runOnTerminal(length: length) : try timer.runOnce(length: length)
      }
      var session = try FocusSession(
        store: store, task: task, goal: goal, options: options, context: context,
        databasePath: databasePath)
      session.background = background
      session.resume(countdown)
      return options.output == .view ? try session.runOnTerminal() : try session.runOnce(note: nil)
    }
  }

  /// A task's focus that finished while Cadence was away: it is recorded as completed, and its
  /// mandatory break is kept as a run that started when the focus ended (in one transaction),
  /// which `resume` then picks up like any other: counting on, or finished too.
  private func followWithBreak(name: String) -> ExitCode {
    let identity = countdown.identity
    let rebuilt = countdown.rebuilt
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
      return StoreFailure.exitCode(error)
    }
    AwayOutcome(name: name, session: session, abandoned: false, breakFollows: true).say(
      json: options.output == .json, summed: false, console: context.console)
    return ResumeCommand.start(arguments, context: context, background: background)
  }
}
