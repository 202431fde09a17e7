import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// One `cadence timer`: the chooser, the countdowns, and what they record.
public struct StudyTimer: CountdownSeries {
  let task: TaskRecord?
  let goal: GoalRecord?
  /// How the countdowns are shown and heard; the settings page (`s`) changes them.
  var options: RunOptions
  let context: CommandContext
  let databasePath: String
  public let presets: [Int64]
  let store: Store
  public let keys = KeyRoute()
  /// Whether this is the background process of a detached timer.
  var background = false
  /// A countdown picked up after its process died, counted before anything new (`resume`).
  var resumed: ResumedCountdown?

  /// The presets the chooser offers are the `presets` setting's (or the usual ones).
  public init(
    task: TaskRecord?, goal: GoalRecord?, options: RunOptions, context: CommandContext,
    databasePath: String, store: Store, background: Bool = false
  ) throws {
    self.task = task
    self.goal = goal
    self.options = options
    self.context = context
    self.databasePath = databasePath
    presets = TimerPresets.current(
      Dictionary(try store.settings().map { ($0.key, $0.value) }) { $1 })
    self.store = store
    self.background = background
  }

  public var title: String {
    task.map { "\($0.icon.map { "\($0) " } ?? "")Timer: \($0.name)" } ?? "Timer"
  }

  func schedule(_ length: Int64) -> Schedule {
    .timer(task: task?.name, length: length)
  }

  mutating func count(
    _ length: Int64, screen: CountdownScreen.State?, sessionUUID: String = SessionRecord.newUUID()
  ) throws -> CountdownRun.Ending {
    if let (resumed, run) = takeResumed(screen: screen) {
      return try resumed.count(run, store: store)
    }
    var now = context
    now.now = context.clock.now()
    let schedule = schedule(length)
    var run = CountdownRun(
      schedule: schedule,
      identity: .countdown(
        .timer, schedule: schedule, task: task?.name, goal: goal?.name, tags: task?.tags ?? [],
        sessionUUID: sessionUUID),
      options: options, context: now, databasePath: databasePath, screen: screen, keys: keys)
    run.background = background
    run.face = face
    return run.run()
  }

  /// Without a terminal: one countdown, then a line (or object) saying how it ended, as a
  /// focus session ends with one.
  public mutating func runOnce(length: Int64) throws -> ExitCode {
    if !background { keys.startLines() }
    let sessionUUID = resumed?.identity.sessionUUID ?? SessionRecord.newUUID()
    let ended = try count(length, screen: nil, sessionUUID: sessionUUID)
    if let unsaved = ended.unsaved { context.console.problem(unsaved) }
    if !background { summarise(ended.engine, sessionUUID: sessionUUID) }
    if let signal = ended.signal { return .signal(signal) }
    // A session that could not be recorded is a failed write: spelt out above, and 74.
    return ended.unsaved == nil ? .success : .ioError
  }

  /// `Timer completed (25m).`, or with `--json` an object: `kind`, `outcome`, `length_ms`,
  /// `task` and the session's `id`.
  func summarise(_ engine: Engine, sessionUUID: String) {
    let outcome = engine.state == .finished ? "completed" : "stopped"
    if options.output == .json {
      context.console.out(
        JSONValue.object([
          ("event", .string("summary")), ("kind", .string("timer")),
          ("outcome", .string(outcome)), ("length_ms", .int(engine.total)),
          ("task", task.map { .string($0.name) } ?? .null), ("id", .string(sessionUUID)),
        ]).rendered + "\n")
      return
    }
    let on = task.map { " on \(TerminalText.line($0.name))" } ?? ""
    context.console.out("Timer\(on) \(outcome) (\(DurationText.format(engine.total))).\n")
  }

  /// How the timer looks, in its own view and in one attached from elsewhere.
  public var face: CountdownFace { CountdownFace(title: title, phase: "TIMER") }

  /// `cadence timer` once its command line is read: a countdown of `length` (or the task's),
  /// on a terminal the chooser when none is given; in the background (`detach`) a process of
  /// its own is started, and `background` is that process.
  public mutating func start(length given: Int64?, detach: Bool) throws -> ExitCode {
    let length = given ?? task?.lengthMilliseconds
    if background || detach {
      guard let length else {
        throw CommandRefusal(
          sentence: "a timer in the background needs a length, such as cadence timer 25m --detach")
      }
      if !background {
        return FocusBackground.launch(
          what: "timer", json: options.output == .json, context: context)
      }
      options.output = .plain
      return try runOnce(length: length)
    }
    if options.output != .view {
      guard let length else {
        throw CommandRefusal(
          sentence:
            "give the timer a length, such as cadence timer 25m; the presets are \(presets.map { DurationText.format($0) }.joined(separator: ", "))"
        )
      }
      return try runOnce(length: length)
    }
    return try runOnTerminal(length: length)
  }
}
