import CadenceCore
import CadenceRuntime
import Testing

@testable import CadenceTerminal

/// What a countdown takes from elsewhere: an attached view of a timer or focus session offers
/// and sends only pause and stop (seed 002), and a task's mandatory break refuses, through its
/// control socket, to be skipped or shortened (seed 003).
@Suite struct CountdownControlTests {
  static let schedule = Schedule(
    name: "Focus",
    segments: [Segment(index: 1, name: "Focus", kind: .work, start: 0, duration: 25 * 60_000)],
    events: [], total: 25 * 60_000)

  func controls(paused: Bool) -> String {
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    if paused { _ = engine.apply(.pause, at: 1_000) }
    return RunScreen(
      engine: engine, now: 2_000, style: .digital, columns: 80, rows: 24, colour: false,
      messages: [], notices: [], finish: nil, strip: [], detachable: true
    ).controls()
  }

  /// The keys an attached countdown's view offers: its own view's, and d.
  func countdownKeys(paused: Bool, mandatory: Bool = false) -> String {
    var state = CountdownScreen.State(
      face: CountdownFace(title: "Focus", phase: "FOCUS", mandatory: mandatory),
      remaining: 60_000, total: 60_000, stage: .counting(paused: paused), analogue: false)
    state.detachable = true
    return CountdownScreen.keys(state)
  }

  @Test func anAttachedCountdownOffersOnlyPauseStopAndDetach() {
    #expect(countdownKeys(paused: false) == "space pause · q stop · d detach")
    #expect(countdownKeys(paused: true) == "space resume · q stop · d detach")
    #expect(countdownKeys(paused: false, mandatory: true) == "space pause · d detach")
    // A routine's run, attached, still offers skip and the minute keys.
    #expect(controls(paused: false).contains("n skip"))
    #expect(controls(paused: true).contains("+ / - one minute"))
  }

  @Test(arguments: [
    (KeyReader.Key.character("n"), EngineCommand?.none, EngineCommand?.some(.skip)),
    (.character("+"), nil, .adjust(60_000)),
    (.character("-"), nil, .adjust(-60_000)),
    (.enter, nil, .complete),
    (.character(" "), .togglePause, .togglePause),
    (.character("p"), .togglePause, .togglePause),
    (.character("q"), .stop, .stop),
  ])
  func anAttachedCountdownSendsOnlyPauseAndStop(
    key: KeyReader.Key, countdown: EngineCommand?, routine: EngineCommand?
  ) {
    #expect(RunKeys.command(for: key, countdown: true) == countdown)
    #expect(RunKeys.command(for: key, countdown: false) == routine)
  }
}
