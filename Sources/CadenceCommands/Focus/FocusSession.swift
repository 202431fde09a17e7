import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceText
import FoundationEssentials

/// One `cadence focus`: the cycle with its remembered lengths (kept in settings), the task
/// and goal if any, and the countdowns it runs through the runtime.
struct FocusSession {
  static let offerKey = "focus.offer"

  var cycle: FocusCycle
  /// The database; read before anything can be refused, the real one once the session starts.
  var store: Store
  let task: TaskRecord?
  let goal: GoalRecord?
  let options: RunOptions
  let context: CommandContext
  let databasePath: String
  let keys = KeyRoute()
  /// Whether this is the background process of a detached session.
  var background = false

  init(
    store: Store, task: TaskRecord?, goal: GoalRecord?, options: RunOptions,
    context: CommandContext, databasePath: String
  ) throws {
    func length(_ key: String, _ fallback: Int64) throws -> Int64 {
      try store.setting(key).flatMap { try? DurationText.parse($0) } ?? fallback
    }
    let offer = try store.setting(Self.offerKey).flatMap(FocusCycle.Phase.init) ?? .focus
    cycle = FocusCycle(
      lastFocus: try length("focus", FocusCycle.defaultFocus),
      lastBreak: try length("break", FocusCycle.defaultBreak),
      taskBreak: try length("task-break", FocusCycle.defaultBreak), task: task?.name,
      offer: offer)
    self.store = store
    self.task = task
    self.goal = goal
    self.options = options
    self.context = context
    self.databasePath = databasePath
  }

  /// Keeps the remembered lengths and what is on offer.
  func persist() throws {
    try store.setSetting("focus", DurationText.format(cycle.lastFocus))
    try store.setSetting("break", DurationText.format(cycle.lastBreak))
    try store.setSetting(Self.offerKey, cycle.offer.rawValue)
  }

  /// `focus 25m` (or a JSON object): what is on offer.
  func printOffer() {
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

  /// Runs what is on offer, records it, and moves the cycle on.
  mutating func count(screen: CountdownScreen.State?) throws -> Outcome {
    let phase = cycle.offer
    let mandatory = cycle.breakIsMandatory
    let schedule = cycle.start()
    try persist()
    let kind: SessionRecord.Kind = phase == .focus ? .focus : .break
    let identity = RunIdentity(
      kind: kind, path: CountdownRun.path(for: kind),
      source: CountdownRun.source(for: schedule),
      task: task?.name, goal: goal?.name, tags: task?.tags ?? [])
    var run = CountdownRun(
      schedule: schedule, identity: identity, options: options, context: contextNow(),
      databasePath: databasePath, screen: screen, keys: keys)
    run.mandatoryBreak = mandatory
    run.background = background
    let ended = run.run()
    let ending = FocusCycle.ending(of: ended.engine)
    cycle.conclude(ending)
    try persist()
    return Outcome(
      phase: phase, ending: ending, run: ended, sessionUUID: identity.sessionUUID)
  }

  /// The context with the clock read now, so each session starts when it starts.
  func contextNow() -> CommandContext {
    var now = context
    now.now = Date()
    return now
  }

  /// Without a terminal (`--plain`, `--json`): one focus or break; on a task, a completed
  /// focus goes straight on to its mandatory break, then the session is finished with `note`.
  mutating func runOnce(note: String?) throws -> ExitCode {
    if !background { keys.startLines() }
    var outcome = try count(screen: nil)
    try summarise(outcome)
    if let signal = outcome.run.signal { return .signal(signal) }
    if task != nil, outcome.phase == .focus, outcome.ending == .completed {
      let focusUUID = outcome.sessionUUID
      outcome = try count(screen: nil)
      try summarise(outcome)
      if let signal = outcome.run.signal { return .signal(signal) }
      if cycle.awaitingFinish {
        try finish(note: note, focusSession: focusUUID)
      }
    }
    return .success
  }

  /// Saves a task's session with its note and offers focus again.
  mutating func finish(note: String?, focusSession: String) throws {
    let text = note.map { TerminalText.line($0) }.flatMap { $0.isEmpty ? nil : $0 }
    if let note, !note.isEmpty { try store.sessionTable.setNote(note, uuid: focusSession) }
    cycle.finish()
    try persist()
    let line =
      "Saved \(TerminalText.line(task?.name ?? "the session"))"
      + (text.map { " with the note \"\($0)\"" } ?? "") + "."
    if options.output == .json {
      context.console.out(
        JSONValue.object([
          ("event", .string("saved")), ("task", task.map { .string($0.name) } ?? .null),
          ("note", note.map { .string($0) } ?? .null),
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
