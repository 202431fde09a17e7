import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// One `cadence focus`: the cycle with its remembered lengths (kept in settings), the task
/// and goal if any, and the countdowns it runs through the runtime.
public struct FocusSession: CountdownSeries {
  public var cycle: FocusCycle
  /// The database; read before anything can be refused, the real one once the session starts.
  var store: Store
  let task: TaskRecord?
  let goal: GoalRecord?
  let options: RunOptions
  let context: CommandContext
  let databasePath: String
  public let keys = KeyRoute()
  /// Whether this is the background process of a detached session.
  var background = false
  /// The note saved on the task's focus session when it is finished (`--note`, or kept with
  /// a resumed run).
  public var note: String?
  /// A countdown picked up after its process died, counted before anything new (`resume`).
  var resumed: ResumedCountdown?
  /// The last focus session counted (or resumed), which a task's note is saved on.
  private(set) var lastFocusSession: String?
  /// A task's mandatory break its focus kept as it completed, which the next countdown is.
  private var keptBreak: FollowingBreak?
  /// Whether the countdown resumed had ended while its process was gone (nobody saw its end).
  private var resumedOver = false

  public init(
    store: Store, task: TaskRecord?, goal: GoalRecord?, options: RunOptions,
    context: CommandContext, databasePath: String, background: Bool = false
  ) throws {
    cycle = try FocusCycle(task: task?.name) { key throws(StoreError) in try store.setting(key) }
    self.store = store
    self.task = task
    self.goal = goal
    self.options = options
    self.context = context
    self.databasePath = databasePath
    self.background = background
  }

  /// Keeps the remembered lengths and what is on offer.
  public func persist() throws {
    for (key, value) in cycle.settings { try store.setSetting(key, value) }
  }

  /// `focus 25m` (or a JSON object): what is on offer; or, when a focus or break is `waiting`
  /// to be resumed, that it is, and how (offer `resume`).
  func printOffer(waiting: WaitingRun? = nil) {
    if let waiting {
      let what = waiting.mandatory ? "The mandatory break" : waiting.isBreak ? "A break" : "A focus"
      let task =
        waiting.task.map { " \(waiting.isBreak ? "after" : "on") \(TerminalText.line($0))" } ?? ""
      if options.output == .json {
        context.console.out(
          JSONValue.object([
            ("offer", .string("resume")), ("resume", .string(WaitingRun.resume)),
            ("waiting", .string(waiting.isBreak ? "break" : "focus")),
            ("mandatory", .bool(waiting.mandatory)), ("run", .string(waiting.id)),
            ("last_focus_ms", .int(cycle.lastFocus)), ("last_break_ms", .int(cycle.lastBreak)),
          ]).rendered + "\n")
      } else {
        context.console.out(
          "\(what)\(task) was interrupted and waits to be resumed: \(WaitingRun.resume) brings it back (or records it, if its time is over).\n"
        )
      }
      return
    }
    if options.output == .json {
      context.console.out(
        JSONValue.object([
          ("offer", .string(cycle.offer.rawValue)), ("length_ms", .int(cycle.length)),
          ("length", .string(DurationText.format(cycle.length))),
          ("last_focus_ms", .int(cycle.lastFocus)), ("last_break_ms", .int(cycle.lastBreak)),
        ]).rendered + "\n")
    } else {
      context.console.out("\(cycle.offer.rawValue) \(DurationText.format(cycle.length))\n")
    }
  }

  /// What one countdown came to.
  struct Outcome {
    var phase: FocusCycle.Phase
    var ending: FocusCycle.Ending
    var run: CountdownRun.Ending
    var sessionUUID: String
  }

  /// Picks up `countdown` (a focus or break whose process died) as the session's next
  /// countdown: the cycle is put back as it was while it counted.
  mutating func resume(_ countdown: ResumedCountdown) {
    let phase: FocusCycle.Phase = countdown.identity.kind == .break ? .break : .focus
    cycle.resume(
      phase, mandatory: countdown.identity.mandatoryBreak, length: countdown.rebuilt.engine.total)
    note = countdown.identity.note ?? note
    lastFocusSession =
      phase == .focus ? countdown.identity.sessionUUID : countdown.identity.noteSession
    resumed = countdown
    resumedOver = countdown.isOver
  }

  /// Runs what is on offer (or the countdown being resumed), records it, and moves the cycle
  /// on.
  mutating func count(screen: CountdownScreen.State?) throws -> Outcome {
    // Asked again as each countdown starts, another terminal may have started one since;
    // the lock, held while this one counts, settles two that start at the same moment.
    let lock = try RunningFocus.claim(in: store, environment: context.environment)
    defer { lock.map(ProcessLock.release) }
    if let refusal = try RunningFocus.refusal(in: store, environment: context.environment) {
      throw CommandRefusal(sentence: refusal, status: .unavailable)
    }
    let phase = cycle.offer
    if case (let resumed, var run)? = takeResumed(screen: screen) {
      let following = following(phase, focus: resumed.identity)
      run.following = following?.keep(startWall: resumed.rebuilt.startWall)
      let ended = try resumed.count(run, store: store)
      try keep(following, after: ended)
      return try conclude(phase, ended: ended, sessionUUID: resumed.identity.sessionUUID)
    }
    if phase == .break, let kept = keptBreak {
      // The mandatory break its focus kept: counted from the focus's end, in the kept run.
      keptBreak = nil
      _ = cycle.start()
      try persist()
      var run = CountdownRun(
        schedule: kept.schedule, identity: kept.identity, options: options,
        context: kept.context(context), databasePath: databasePath, screen: screen, keys: keys)
      run.mandatoryBreak = true
      run.background = background
      run.adopting = kept.runID
      run.face = face
      return try conclude(phase, ended: run.run(), sessionUUID: kept.identity.sessionUUID)
    }
    let mandatory = cycle.breakIsMandatory
    let schedule = cycle.start()
    try persist()
    let kind: SessionRecord.Kind = phase == .focus ? .focus : .break
    var identity = RunIdentity.countdown(
      kind, schedule: schedule, task: task?.name, goal: goal?.name, tags: task?.tags ?? [])
    // Kept with the run, so that a resumed one keeps its rules and its note.
    identity.mandatoryBreak = mandatory
    identity.note = task == nil ? nil : note
    identity.noteSession = phase == .break && task != nil ? lastFocusSession : nil
    if phase == .focus { lastFocusSession = identity.sessionUUID }
    let now = contextNow()
    var run = CountdownRun(
      schedule: schedule, identity: identity, options: options, context: now,
      databasePath: databasePath, screen: screen, keys: keys)
    run.mandatoryBreak = mandatory
    run.background = background
    run.face = face
    let following = following(phase, focus: identity)
    run.following = following?.keep(startWall: now.now)
    let ended = run.run()
    try keep(following, after: ended)
    return try conclude(phase, ended: ended, sessionUUID: identity.sessionUUID)
  }

  /// The mandatory break that follows a task's focus of `phase` if it completes; nil for a
  /// break, or a focus on no task.
  private func following(_ phase: FocusCycle.Phase, focus: RunIdentity) -> FollowingBreak? {
    guard phase == .focus, task != nil else { return nil }
    return FollowingBreak(after: cycle, focus: focus, note: note)
  }

  /// Keeps the break `following` as the next countdown once its focus `ended` has kept its run.
  private mutating func keep(_ following: FollowingBreak?, after ended: CountdownRun.Ending)
    throws
  {
    guard var following, let id = ended.followedBy,
      let run = try store.activeRuns().first(where: { $0.id == id })
    else { return }
    following.runID = id
    following.startedAt = run.startedAt
    keptBreak = following
  }

  /// Moves the cycle on after a countdown of `phase` ended, and keeps it.
  private mutating func conclude(
    _ phase: FocusCycle.Phase, ended: CountdownRun.Ending, sessionUUID: String
  ) throws -> Outcome {
    let ending = FocusCycle.ending(of: ended.engine)
    cycle.conclude(ending)
    try persist()
    return Outcome(phase: phase, ending: ending, run: ended, sessionUUID: sessionUUID)
  }

  /// The context with the clock read now, so each session starts when it starts.
  func contextNow() -> CommandContext {
    var now = context
    now.now = context.clock.now()
    return now
  }

  /// Without a terminal (`--plain`, `--json`): one focus or break; on a task, a completed
  /// focus goes straight on to its mandatory break, then the session is finished with `note`.
  public mutating func runOnce(note: String?) throws -> ExitCode {
    if let note { self.note = note }
    if !background { keys.startLines() }
    // A task's mandatory break that ended (counted here, or resumed; completed, or stopped by
    // a command or a signal) finishes the session, with the note given or one owed.
    let place: SessionNote.Place = background || resumedOver ? .background : .lines
    var outcome = try count(screen: nil)
    try summarise(outcome)
    if let signal = outcome.run.signal {
      try finishIfOver(at: place)
      return .signal(signal)
    }
    var unsaved = outcome.run.unsaved != nil
    if task != nil, outcome.phase == .focus, outcome.ending == .completed {
      FollowingBreak.pauseForTest(context.environment)
      outcome = try count(screen: nil)
      try summarise(outcome)
      if let signal = outcome.run.signal {
        try finishIfOver(at: place)
        return .signal(signal)
      }
      unsaved = unsaved || outcome.run.unsaved != nil
    }
    try finishIfOver(at: place)
    // A session that could not be recorded is a failed write: spelt out, and 74.
    return unsaved ? .ioError : .success
  }

  /// Finishes the task's session when its mandatory break has ended at `place`.
  public mutating func finishIfOver(at place: SessionNote.Place) throws {
    guard cycle.awaitingFinish, let focus = lastFocusSession else { return }
    try finish(note: note, focusSession: focus, at: place)
  }

  /// Saves a task's session with its note (or, with none and nobody to ask, owes it) and
  /// offers focus again.
  mutating func finish(note: String?, focusSession: String, at place: SessionNote.Place) throws {
    var saved: String?
    var owed = false
    switch SessionNote.afterBreak(given: note, at: place) {
    case .save(let text):
      try store.note(text, session: focusSession)
      saved = text
    case .owe:
      try store.oweNote(session: focusSession)
      owed = true
    case .ask, .none:
      break
    }
    cycle.finish()
    try persist()
    let text = saved.map { TerminalText.line($0) }
    let line =
      "Saved \(TerminalText.line(task?.name ?? "the session"))"
      + (text.map { " with the note \"\($0)\"" } ?? "")
      + (owed ? "; its note is asked at the next cadence focus, attach or today" : "") + "."
    if options.output == .json {
      context.console.out(
        JSONValue.object([
          ("event", .string("saved")), ("task", task.map { .string($0.name) } ?? .null),
          ("note", saved.map { .string($0) } ?? .null), ("note_owed", .bool(owed)),
        ]).rendered + "\n")
    } else {
      context.console.out(line + "\n")
    }
  }

  /// One line (or object) saying how a countdown ended, what it earned and what is next.
  func summarise(_ outcome: Outcome) throws {
    if let unsaved = outcome.run.unsaved { context.console.problem(unsaved) }
    let engine = outcome.run.engine
    let active = outcome.ending == .completed ? engine.total : 0
    let coins = FocusCycle.coins(phase: outcome.phase, ending: outcome.ending, active: active)
    let balance = try store.coins.balance()
    if options.output == .json {
      context.console.out(
        JSONValue.object([
          ("event", .string("summary")), ("kind", .string(outcome.phase.rawValue)),
          ("outcome", .string(outcome.ending.rawValue)), ("length_ms", .int(engine.total)),
          ("coins", .int(Int64(coins))), ("balance", .int(balance)),
          ("next", .string(cycle.offer.rawValue)), ("next_length_ms", .int(cycle.length)),
          ("mandatory", .bool(cycle.breakIsMandatory)), ("id", .string(outcome.sessionUUID)),
        ]).rendered + "\n")
      return
    }
    let name = outcome.phase == .focus ? "Focus" : "Break"
    var line = "\(name) \(outcome.ending.rawValue) (\(DurationText.format(engine.total)))"
    if outcome.phase == .focus {
      line +=
        outcome.ending == .completed
        ? ": \(coins) coin\(coins == 1 ? "" : "s") earned, \(balance) in all"
        : ": no coins (\(balance) in all)"
    }
    let next =
      cycle.awaitingFinish
      ? "finish the session"
      : "\(cycle.breakIsMandatory ? "mandatory " : "")\(cycle.offer.rawValue) \(DurationText.format(cycle.length))"
    context.console.out(line + ". Next: \(next).\n")
  }
}
