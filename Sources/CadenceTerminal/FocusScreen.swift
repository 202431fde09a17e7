import CadenceCore
import CadenceRuntime
import CadenceSystem

/// The focus and break cycle of seed 002 on a terminal: what its full-screen view drives.
/// CadenceCommands' FocusSession is one (its countdowns, the cycle's settings, the task's
/// note); this view is its loop and its keys.
public protocol FocusScreenSession {
  /// The cycle with its remembered lengths, which the keys change before a countdown starts.
  var cycle: FocusCycle { get set }
  var keys: KeyRoute { get }
  var console: Console { get }
  /// Whether the clock is the analogue face.
  var analogue: Bool { get }
  /// How the countdown on offer looks: the title, the phase, the coins, the island and pet.
  var face: CountdownFace { get }
  /// Whether a countdown picked up after its process died goes on first, at once.
  var resuming: Bool { get }
  /// The note given for the task's session (`--note`), which the finishing screen starts from.
  var note: String? { get }
  /// Counts what is on offer on `screen`, records it, and moves the cycle on: what was
  /// counted (a focus or a break), how the cycle takes its ending, and how it ended.
  mutating func countOnScreen(_ screen: CountdownScreen.State) throws
    -> (phase: FocusCycle.Phase, ending: FocusCycle.Ending, end: CountdownEnd)
  /// Keeps the remembered lengths and what is on offer.
  func persist() throws
  /// Finishes the task's session when its mandatory break has ended at `place`.
  mutating func finishIfOver(at place: SessionNote.Place) throws
  /// Saves the task's session with `note` (none when empty) without printing.
  mutating func finishQuietly(note: String) throws
  /// Without a terminal: one focus or break, in lines.
  mutating func runOnce(note: String?) throws -> ExitCode
}

extension FocusScreenSession {
  /// The full-screen cycle: choose the length, count, and on again, until q. The terminal is
  /// given back however it ends.
  public mutating func runOnTerminal() throws -> ExitCode {
    guard TerminalMode.enter() else {
      var plain = self
      return try plain.runOnce(note: nil)
    }
    var unsaved: [String] = []
    let code: ExitCode
    do {
      defer { TerminalMode.leave() }
      code = try cycleOnTerminal(unsaved: &unsaved)
    }
    // A session that could not be recorded is a failed write: spelt out once the terminal is
    // given back, and 74.
    for sentence in unsaved { console.problem(sentence) }
    return unsaved.isEmpty || code != .success ? code : .ioError
  }

  /// The loop of ``runOnTerminal()``, which adds to `unsaved` the sentence of each countdown
  /// that could not be recorded.
  private mutating func cycleOnTerminal(unsaved: inout [String]) throws -> ExitCode {
    let queue = KeyQueue()
    keys.startKeys()
    let painter = ScreenPainter(console: console.terminal)
    var message: String?
    while true {
      if cycle.awaitingFinish {
        try finishing(queue: queue, painter: painter, message: message)
        return .success
      }
      if cycle.breakIsMandatory {
        // A task's mandatory break starts by itself and cannot be skipped.
        let outcome = try countOnScreen(screen(stage: .counting(paused: false), message: nil))
        if let sentence = outcome.end.unsaved { unsaved.append(sentence) }
        // Ended with nobody at the view (its terminal closed, or a signal): the note is owed.
        if let signal = outcome.end.signal {
          try finishIfOver(at: .background)
          return .signal(signal)
        }
        if outcome.end.hungUp {
          try finishIfOver(at: .background)
          return .success
        }
        message = outcome.ending == .completed ? "Break over." : "Break stopped."
        continue
      }
      keys.route { queue.push($0) }
      // A resumed countdown goes on at once, as it was going when its process died.
      if !resuming {
        guard try choose(queue: queue, painter: painter, message: message) else {
          return .success
        }
      }
      let outcome = try countOnScreen(screen(stage: .counting(paused: false), message: nil))
      if let sentence = outcome.end.unsaved { unsaved.append(sentence) }
      if let signal = outcome.end.signal { return .signal(signal) }
      if outcome.end.hungUp { return .success }
      let coins = FocusCycle.coins(
        phase: outcome.phase, ending: outcome.ending,
        active: outcome.ending == .completed ? outcome.end.length : 0)
      switch (outcome.phase, outcome.ending) {
      case (.focus, .completed):
        message = "Focus complete: \(coins) coin\(coins == 1 ? "" : "s") earned."
      case (.focus, _): message = "Focus stopped; no coins this time."
      case (.break, _): message = "Break over. Ready to focus?"
      }
      painter.reset()
    }
  }

  /// The note for a task's session once its mandatory break is over, typed on the screen and
  /// saved with Enter.
  private mutating func finishing(queue: KeyQueue, painter: ScreenPainter, message: String?)
    throws
  {
    var note = self.note ?? ""
    keys.route { queue.push($0) }
    while true {
      var state = screen(stage: .finishing(note: note), message: message)
      state.remaining = 0
      let size = self.size
      painter.paint(
        CountdownScreen.render(
          state, columns: size.columns, rows: size.rows, colour: console.colour))
      switch queue.next() {
      case .enter, .endOfInput:
        break
      case .backspace:
        if !note.isEmpty { note.removeLast() }
        continue
      case .character(let character):
        if note.count < SessionNote.maximumLength { note.append(character) }
        continue
      default:
        continue
      }
      break
    }
    try finishQuietly(note: note)
  }

  /// Before a countdown: the length with the arrows, Enter to start, `s` to skip a break that
  /// can be; false when the person quits.
  private mutating func choose(queue: KeyQueue, painter: ScreenPainter, message: String?) throws
    -> Bool
  {
    let size = self.size
    painter.paint(
      CountdownScreen.render(
        screen(stage: .choosing, message: message), columns: size.columns, rows: size.rows,
        colour: console.colour), force: true)
    while true {
      switch queue.next() {
      case .up, .right, .character("+"), .character("="), .character("k"):
        cycle.adjust(steps: 1)
      case .down, .left, .character("-"), .character("_"), .character("j"):
        cycle.adjust(steps: -1)
      case .enter, .character(" "):
        return true
      case .character("s") where cycle.canSkip:
        cycle.conclude(.skipped)
        try persist()
      case .character("q"), .character("Q"), .escape, .endOfInput:
        try persist()
        return false
      default:
        break
      }
      if !queue.hasMore {
        painter.paint(
          CountdownScreen.render(
            screen(stage: .choosing, message: message), columns: size.columns,
            rows: size.rows, colour: console.colour))
      }
    }
  }

  private var size: (columns: Int, rows: Int) { TerminalMode.size() }

  /// The screen for what is on offer now.
  public func screen(stage: CountdownScreen.Stage, message: String?) -> CountdownScreen.State {
    var face = self.face
    if stage == .choosing { face.phase += " · ready" }
    if cycle.awaitingFinish { face.phase = "FINISH" }
    var state = CountdownScreen.State(
      face: face, remaining: cycle.length, total: cycle.length, stage: stage,
      analogue: analogue)
    state.message = message
    state.canSkip = cycle.canSkip
    return state
  }
}
