import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal

/// The focus session's full-screen view (CadenceTerminal's) drives it: its countdowns,
/// recorded here, and the task's note, saved here.
extension FocusSession: FocusScreenSession {
  public var console: Console { context.console }
  public var analogue: Bool { options.style == .analogue }
  public var resuming: Bool { resumed != nil }

  public mutating func countOnScreen(_ screen: CountdownScreen.State) throws
    -> (phase: FocusCycle.Phase, ending: FocusCycle.Ending, end: CountdownEnd)
  {
    let outcome = try count(screen: screen)
    return (outcome.phase, outcome.ending, outcome.run.end)
  }

  /// How the countdown on offer looks, in its own view and in one attached from elsewhere:
  /// the title, the phase, the coins, the island and pet, and whether its keys can stop it.
  public var face: CountdownFace {
    let scene = try? IslandArt.Chosen(store: store)
    var phase = cycle.offer == .focus ? "FOCUS" : "BREAK"
    if cycle.breakIsMandatory, cycle.offer == .break { phase += " · mandatory" }
    let title = (task.map { "\($0.icon.map { "\($0) " } ?? "")Focus: \($0.name)" } ?? "Focus")
    return CountdownFace(
      title: title, phase: phase, coins: try? store.coins.balance(),
      island: scene?.island.name, pet: scene?.pet.name, mandatory: cycle.breakIsMandatory)
  }

  /// Saves the note without printing (the view is still up). A note given with `--note` was
  /// saved as the break was recorded; emptied at the prompt, it is taken away again.
  public mutating func finishQuietly(note: String) throws {
    if !note.isEmpty || self.note?.isEmpty == false, let lastFocusSession {
      try store.note(note, session: lastFocusSession)
    }
    cycle.finish()
    try persist()
  }
}
