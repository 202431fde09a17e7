import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

extension FocusSession {
  /// The full-screen cycle: choose the length, count, and on again, until q. The terminal is
  /// given back however it ends.
  mutating func runOnTerminal() throws -> ExitCode {
    guard TerminalMode.enter() else {
      var plain = self
      return try plain.runOnce(note: nil)
    }
    defer { TerminalMode.leave() }
    let queue = KeyQueue()
    keys.startKeys()
    let painter = ScreenPainter(console: context.console.terminal)
    var message: String?
    while true {
      if cycle.awaitingFinish {
        var note = self.note ?? ""
        keys.route { queue.push($0) }
        while true {
          var state = screen(stage: .finishing(note: note), message: message)
          state.remaining = 0
          painter.paint(
            CountdownScreen.render(
              state, columns: size.columns, rows: size.rows, colour: context.console.colour))
          switch queue.next() {
          case .enter, .endOfInput:
            break
          case .backspace:
            if !note.isEmpty { note.removeLast() }
            continue
          case .character(let character):
            if note.count < SessionRecord.maximumNoteLength { note.append(character) }
            continue
          default:
            continue
          }
          break
        }
        try finishQuietly(note: note, focusSession: lastFocusSession)
        message = "Saved \(task?.name ?? "the session")\(note.isEmpty ? "" : " with your note")."
        return .success
      }
      if cycle.breakIsMandatory {
        // A task's mandatory break starts by itself and cannot be skipped.
        let outcome = try count(screen: screen(stage: .counting(paused: false), message: nil))
        // Ended with nobody at the view (its terminal closed, or a signal): the note is owed.
        if let signal = outcome.run.signal {
          try finishIfOver(at: .background)
          return .signal(signal)
        }
        if outcome.run.hungUp {
          try finishIfOver(at: .background)
          return .success
        }
        message = outcome.ending == .completed ? "Break over." : "Break stopped."
        continue
      }
      keys.route { queue.push($0) }
      // A resumed countdown goes on at once, as it was going when its process died.
      var start = resumed != nil
      if !start {
        painter.paint(
          CountdownScreen.render(
            screen(stage: .choosing, message: message), columns: size.columns, rows: size.rows,
            colour: context.console.colour), force: true)
      }
      while !start {
        let key = queue.next()
        switch key {
        case .up, .right, .character("+"), .character("="), .character("k"):
          cycle.adjust(steps: 1)
        case .down, .left, .character("-"), .character("_"), .character("j"):
          cycle.adjust(steps: -1)
        case .enter, .character(" "):
          start = true
        case .character("s") where cycle.canSkip:
          cycle.conclude(.skipped)
          try persist()
        case .character("q"), .character("Q"), .escape, .endOfInput:
          try persist()
          return .success
        default:
          break
        }
        if !start, !queue.hasMore {
          painter.paint(
            CountdownScreen.render(
              screen(stage: .choosing, message: message), columns: size.columns,
              rows: size.rows, colour: context.console.colour))
        }
      }
      let outcome = try count(screen: screen(stage: .counting(paused: false), message: nil))
      if let signal = outcome.run.signal { return .signal(signal) }
      if outcome.run.hungUp { return .success }
      let coins = FocusCycle.coins(
        phase: outcome.phase, ending: outcome.ending,
        active: outcome.ending == .completed ? outcome.run.engine.total : 0)
      switch (outcome.phase, outcome.ending) {
      case (.focus, .completed):
        message = "Focus complete: \(coins) coin\(coins == 1 ? "" : "s") earned."
      case (.focus, _): message = "Focus stopped; no coins this time."
      case (.break, _): message = "Break over. Ready to focus?"
      }
      painter.reset()
    }
  }

  private var size: (columns: Int, rows: Int) { TerminalMode.size() }

  /// The screen for what is on offer now.
  func screen(stage: CountdownScreen.Stage, message: String?) -> CountdownScreen.State {
    var face = self.face
    if stage == .choosing { face.phase += " · ready" }
    if cycle.awaitingFinish { face.phase = "FINISH" }
    var state = CountdownScreen.State(
      face: face, remaining: cycle.length, total: cycle.length, stage: stage,
      analogue: options.style == .analogue)
    state.message = message
    state.canSkip = cycle.canSkip
    return state
  }

  /// How the countdown on offer looks, in its own view and in one attached from elsewhere:
  /// the title, the phase, the coins, the island and pet, and whether its keys can stop it.
  var face: CountdownFace {
    let scene = try? ShopCommand.Chosen(store: store)
    var phase = cycle.offer == .focus ? "FOCUS" : "BREAK"
    if cycle.breakIsMandatory, cycle.offer == .break { phase += " · mandatory" }
    let title = (task.map { "\($0.icon.map { "\($0) " } ?? "")Focus: \($0.name)" } ?? "Focus")
    return CountdownFace(
      title: title, phase: phase, coins: try? store.coins.balance(),
      island: scene?.island.name, pet: scene?.pet.name, mandatory: cycle.breakIsMandatory)
  }

  /// Saves the note without printing (the view is still up).
  mutating func finishQuietly(note: String, focusSession: String?) throws {
    if !note.isEmpty, let focusSession { try store.note(note, session: focusSession) }
    cycle.finish()
    try persist()
  }
}
