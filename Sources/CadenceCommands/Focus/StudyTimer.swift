import CadenceCore
import CadenceOutput
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// One `cadence timer`: the chooser, the countdowns, and what they record.
struct StudyTimer: CountdownSeries {
  let task: TaskRecord?
  let goal: GoalRecord?
  /// How the countdowns are shown and heard; the settings page (`s`) changes them.
  var options: RunOptions
  let context: CommandContext
  let databasePath: String
  let presets: [Int64]
  let store: Store
  let keys = KeyRoute()
  /// Whether this is the background process of a detached timer.
  var background = false
  /// A countdown picked up after its process died, counted before anything new (`resume`).
  var resumed: ResumedCountdown?

  var title: String {
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
  mutating func runOnce(length: Int64) throws -> ExitCode {
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
  var face: CountdownFace { CountdownFace(title: title, phase: "TIMER") }
}

/// The timer's full-screen view (CadenceTerminal's) drives it: its countdowns, recorded here,
/// and its settings, stored here.
extension StudyTimer: TimerScreenSession {
  var console: Console { context.console }

  var settings: TimerSettings {
    get { TimerSettings(volume: options.volume, sound: options.sound, style: options.style) }
    set {
      options.volume = newValue.volume
      options.sound = newValue.sound
      options.style = newValue.style
    }
  }

  mutating func countOnScreen(_ length: Int64, screen: CountdownScreen.State) throws
    -> CountdownEnd
  {
    try count(length, screen: screen).end
  }

  func keep(_ key: String, _ value: String) -> Result<String, TimerSettings.Refusal> {
    Self.keep(key, value, in: store)
  }

  /// Stores the setting `key` (from the settings page) as `value`, normalised as `config set`
  /// stores it; the value stored, or why not.
  static func keep(_ key: String, _ value: String, in store: Store)
    -> Result<String, TimerSettings.Refusal>
  {
    guard let setting = SettingKey(rawValue: key) else {
      return .failure(TimerSettings.Refusal(sentence: "\(key) is not a setting"))
    }
    switch setting.normalised(value) {
    case .failure(let refusal): return .failure(TimerSettings.Refusal(sentence: refusal.sentence))
    case .success(let stored):
      do {
        try store.writable().setSetting(setting.rawValue, stored)
      } catch {
        return .failure(TimerSettings.Refusal(sentence: error.description))
      }
      return .success(stored)
    }
  }
}
