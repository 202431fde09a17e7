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
    return .success
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

  func screen(length: Int64, remaining: Int64, stage: CountdownScreen.Stage, message: String?)
    -> CountdownScreen.State
  {
    var state = CountdownScreen.State(
      face: face, remaining: remaining, total: length, stage: stage,
      analogue: options.style == .analogue)
    state.message = message
    return state
  }

  /// How the timer looks, in its own view and in one attached from elsewhere.
  var face: CountdownFace { CountdownFace(title: title, phase: "TIMER") }

  /// On a terminal: choose (unless a length was given), count, and offer to start again.
  mutating func runOnTerminal(length given: Int64?) throws -> ExitCode {
    guard TerminalMode.enter() else {
      guard let given else { return .usage }
      return try runOnce(length: given)
    }
    defer { TerminalMode.leave() }
    keys.startKeys()
    let queue = KeyQueue()
    let painter = ScreenPainter(console: context.console.terminal)
    var length = given
    var message: String?
    while true {
      if length == nil {
        keys.route { queue.push($0) }
        guard let chosen = choose(queue: queue, painter: painter) else { return .success }
        length = chosen
      }
      let ended = try count(
        length!,
        screen: screen(
          length: length!, remaining: length!, stage: .counting(paused: false), message: nil))
      if let signal = ended.signal { return .signal(signal) }
      if ended.hungUp { return .success }
      let stopped = ended.engine.state != .finished
      message =
        stopped
        ? "Stopped after \(DurationText.format((ended.engine.elapsedBeforeSegment + ended.engine.segmentElapsed(at: 0)) / 1000 * 1000))."
        : "Time is up."
      if let unsaved = ended.unsaved { message = unsaved }
      // The display shows 0:00 after a stop or the end (seed 001).
      keys.route { queue.push($0) }
      painter.reset()
      var state = screen(length: length!, remaining: 0, stage: .choosing, message: message)
      state.phase = "TIMER · " + (stopped ? "stopped" : "done")
      painter.paint(
        CountdownScreen.render(
          state, columns: TerminalMode.size().columns, rows: TerminalMode.size().rows,
          colour: context.console.colour
        ).dropLast() + ["   Enter start again · c choose another · q quit"], force: true)
      waiting: while true {
        switch queue.next() {
        case .enter, .character(" "): break waiting
        case .character("c"):
          length = nil
          break waiting
        case .character("q"), .character("Q"), .escape, .endOfInput: return .success
        default: continue
        }
      }
    }
  }

  /// The chooser: the presets by number or with the arrows, or a length typed after `c`; `s`
  /// opens the settings page (volume, sound, style).
  mutating func choose(queue: KeyQueue, painter: ScreenPainter) -> Int64? {
    var selected = presets.firstIndex(of: 25 * 60_000) ?? 0
    var typing: String?
    var problem: String?
    while true {
      var lines = [
        " Cadence · \(TerminalText.line(title))",
        String(repeating: "─", count: TerminalMode.size().columns), "   Choose a length:", "",
      ]
      for (index, preset) in presets.enumerated() {
        let mark = index == selected && typing == nil ? "›" : " "
        lines.append("   \(mark) \(index + 1)  \(DurationText.format(preset))")
      }
      lines.append(
        "   \(typing == nil ? " " : "›") c  your own: \(typing ?? "")\(typing == nil ? "" : "▏")")
      lines.append("")
      if let problem { lines.append("   » \(problem)") }
      lines.append("")
      lines.append(
        typing == nil
          ? "   1-\(presets.count) or ↑/↓ and Enter start · c your own length · s settings · q quit"
          : "   type a length such as 40m or 1h10m · Enter start · Esc back")
      painter.paint(lines, force: true)
      let key = queue.next()
      if var text = typing {
        switch key {
        case .enter:
          if let value = try? DurationText.parse(text), value >= 1000, value <= TimerCommand.maximum
          {
            return value
          }
          problem = "\(QuotedText.quote(text)) is not a length from 1s to 24h; try 40m"
        case .backspace: text = String(text.dropLast())
        case .escape: typing = nil
        case .endOfInput: return nil
        case .character(let character): text.append(character)
        default: break
        }
        if typing != nil { typing = text }
        continue
      }
      switch key {
      case .up: selected = max(0, selected - 1)
      case .down: selected = min(presets.count - 1, selected + 1)
      case .enter, .character(" "): return presets[selected]
      case .character("c"): typing = ""
      case .character("s"):
        var settings = TimerSettings(
          volume: options.volume, sound: options.sound, style: options.style)
        settings.edit(
          title: title, queue: queue, painter: painter, columns: { TerminalMode.size().columns }
        ) { key, value in Self.keep(key, value, in: store) }
        options.volume = settings.volume
        options.sound = settings.sound
        options.style = settings.style
      case .character("q"), .character("Q"), .escape, .endOfInput: return nil
      case .character(let character):
        if let number = character.wholeNumberValue, (1...presets.count).contains(number) {
          return presets[number - 1]
        }
      default: break
      }
    }
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
