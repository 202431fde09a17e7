import CadenceCore
import CadenceRuntime
import CadenceSystem
import CadenceTime
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import CadenceTerminal

/// A burst of resizes (SIGWINCH) while a view is busy drawing asks for one full redraw, not
/// one for each signal: the requests that come while one waits join it.
@Suite struct ResizeBurstTests {
  /// A console whose first write waits until the test lets it go, so that the view is busy
  /// while the burst comes, and that counts the full redraws (a clear of the whole screen).
  final class HeldConsole: Sendable {
    let gate = DispatchSemaphore(value: 0)
    let counts = Mutex<(writes: Int, clears: Int)>((0, 0))

    var console: Console {
      Console(
        writeOut: { text in
          let first = self.counts.withLock { counts in
            counts.writes += 1
            counts.clears += text.components(separatedBy: "\u{1B}[H\u{1B}[J").count - 1
            return counts.writes == 1
          }
          if first { self.gate.wait() }
        }, writeError: { _ in }, isTerminal: true, colour: false, width: 80)
    }

    /// Waits until the first write has begun (and is held).
    func waitForFirstWrite() {
      while counts.withLock({ $0.writes }) == 0 { usleep(1000) }
    }
  }

  static let schedule = Schedule(
    name: "Resize",
    segments: [Segment(index: 1, name: "Go", kind: .work, start: 0, duration: 600_000)],
    events: [], total: 600_000)

  @Test func aRunViewDrawsOnceForABurstOfResizes() {
    let held = HeldConsole()
    let view = RunView(
      style: .digital, console: held.console.terminal, startDate: Date(), timeZone: .utc,
      strip: { RunScreen.strip(for: $0, columns: $1, colour: $2) })
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    view.present(RunUpdate(narrations: [], engine: engine, observed: 0, observedAt: .now))
    held.waitForFirstWrite()
    for _ in 0..<50 { view.redraw() }
    held.gate.signal()
    view.finish(engine)
    // The first frame, then one redraw for the fifty signals.
    #expect(held.counts.withLock { $0.clears } == 2)
  }

  @Test func aCountdownViewDrawsOnceForABurstOfResizes() {
    let held = HeldConsole()
    let state = CountdownScreen.State(
      title: "Focus", phase: "FOCUS", remaining: 1_500_000, total: 1_500_000,
      stage: .counting(paused: false))
    let view = CountdownView(state: state, console: held.console.terminal)
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    view.present(RunUpdate(narrations: [], engine: engine, observed: 0, observedAt: .now))
    held.waitForFirstWrite()
    for _ in 0..<50 { view.redraw() }
    held.gate.signal()
    view.close()
    #expect(held.counts.withLock { $0.clears } == 2)
  }
}
