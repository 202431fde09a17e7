import CadenceCore
import CadenceRuntime
import CadenceSystem
import CadenceText

/// The study timer of seed 001 on a terminal: what its full-screen view drives, the chooser,
/// the countdowns and their settings (volume, sound, style). CadenceCommands' StudyTimer is
/// one; this view is its loop and its keys.
public protocol TimerScreenSession {
  /// `Timer`, `📚 Timer: Essay`.
  var title: String { get }
  /// The preset lengths the chooser offers.
  var presets: [Int64] { get }
  var keys: KeyRoute { get }
  var console: Console { get }
  /// How the timer looks, in its own view and in one attached from elsewhere.
  var face: CountdownFace { get }
  /// The volume, sound and style of the countdowns, which the settings page changes.
  var settings: TimerSettings { get set }
  /// Counts `length` on `screen`, and records it.
  mutating func countOnScreen(_ length: Int64, screen: CountdownScreen.State) throws -> CountdownEnd
  /// Without a terminal: one countdown of `length`, and a line saying how it ended.
  mutating func runOnce(length: Int64) throws -> ExitCode
  /// Stores the setting `key` (`volume`, `sound`, `style`) as `value`: the value stored, or
  /// why not.
  func keep(_ key: String, _ value: String) -> Result<String, TimerSettings.Refusal>
}

extension TimerScreenSession {
  /// The screen of a countdown of `length` with `remaining` left.
  public func screen(
    length: Int64, remaining: Int64, stage: CountdownScreen.Stage, message: String?
  ) -> CountdownScreen.State {
    var state = CountdownScreen.State(
      face: face, remaining: remaining, total: length, stage: stage,
      analogue: settings.style == .analogue)
    state.message = message
    return state
  }

  /// On a terminal: choose (unless a length was given), count, and offer to start again.
  /// Without one, a length given is counted in lines; none is a usage error.
  public mutating func runOnTerminal(length given: Int64?) throws -> ExitCode {
    guard TerminalMode.enter() else {
      guard let given else { return .usage }
      return try runOnce(length: given)
    }
    var unsaved: [String] = []
    let code: ExitCode
    do {
      defer { TerminalMode.leave() }
      code = try countOnTerminal(length: given, unsaved: &unsaved)
    }
    // A session that could not be recorded is a failed write: spelt out again once the
    // terminal is given back, and 74.
    for sentence in unsaved { console.problem(sentence) }
    return unsaved.isEmpty || code != .success ? code : .ioError
  }

  /// The loop of ``runOnTerminal(length:)``, which adds to `unsaved` the sentence of each
  /// countdown that could not be recorded.
  private mutating func countOnTerminal(length given: Int64?, unsaved: inout [String]) throws
    -> ExitCode
  {
    keys.startKeys()
    let queue = KeyQueue()
    let painter = ScreenPainter(console: console.terminal)
    var length = given
    var message: String?
    while true {
      if length == nil {
        keys.route { queue.push($0) }
        guard let chosen = choose(queue: queue, painter: painter) else { return .success }
        length = chosen
      }
      let chosen = length ?? 0
      let ended = try countOnScreen(
        chosen,
        screen: screen(
          length: chosen, remaining: chosen, stage: .counting(paused: false), message: nil))
      if let signal = ended.signal { return .signal(signal) }
      if ended.hungUp { return .success }
      message =
        ended.finished
        ? "Time is up."
        : "Stopped after \(DurationText.format(ended.counted / 1000 * 1000))."
      if let sentence = ended.unsaved {
        message = sentence
        unsaved.append(sentence)
      }
      // The display shows 0:00 after a stop or the end (seed 001).
      keys.route { queue.push($0) }
      painter.reset()
      var state = screen(length: chosen, remaining: 0, stage: .choosing, message: message)
      state.phase = "TIMER · " + (ended.finished ? "done" : "stopped")
      painter.paint(
        CountdownScreen.render(
          state, columns: TerminalMode.size().columns, rows: TerminalMode.size().rows,
          colour: console.colour
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
          if let value = TimerPresets.ownLength(text) { return value }
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
        let session = self
        settings.edit(
          title: title, queue: queue, painter: painter, columns: { TerminalMode.size().columns }
        ) { key, value in session.keep(key, value) }
      case .character("q"), .character("Q"), .escape, .endOfInput: return nil
      case .character(let character):
        if let number = character.wholeNumberValue, (1...presets.count).contains(number) {
          return presets[number - 1]
        }
      default: break
      }
    }
  }
}
