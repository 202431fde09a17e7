import CadenceCore
import CadenceRuntime
import CadenceTestSupport
import Dispatch
import FoundationEssentials
import Synchronization
import Testing

@testable import CadenceTerminal

/// The view's one thread on a manual clock: a frame each time the shown second turns, none
/// while nothing changed, and at once when something comes (a key's change, an update).
@Suite struct ViewLoopTests {
  /// The view's alarm on a manual clock: the continuous clock's instants are read as offsets
  /// from the moment the test began.
  final class Timeline: RunAlarm, Sendable {
    let clock = ManualClock()
    let alarm: ManualAlarm
    let start = ContinuousClock.now

    init() { alarm = ManualAlarm(clock: clock) }

    var now: ContinuousClock.Instant { start + clock.now.offset }

    func wait(until deadline: ContinuousClock.Instant?) {
      alarm.wait(until: deadline.map { ManualClock.Instant(offset: start.duration(to: $0)) })
    }

    func ring() { alarm.ring() }

    var loop: ViewLoop { ViewLoop(alarm: self, now: { [self] in now }) }

    /// Moves the clock on once the view sleeps until its next frame.
    func advance(by duration: Duration) async {
      await clock.sleeping()
      clock.advance(by: duration)
    }
  }

  /// The frames a view wrote, each write one frame, with a semaphore for each.
  final class Screen: Sendable {
    let writes = Mutex<[String]>([])
    let written = DispatchSemaphore(value: 0)
    var output: TerminalOutput {
      TerminalOutput(
        write: { text in
          self.writes.withLock { $0.append(text) }
          self.written.signal()
        }, colour: false)
    }
    var count: Int { writes.withLock { $0.count } }
    var last: String { writes.withLock { $0.last ?? "" } }

    /// Waits for the next write; false when none came within five seconds.
    func next() -> Bool { written.wait(timeout: .now() + 5) == .success }
  }

  static let schedule = Schedule(
    name: "Loop",
    segments: [Segment(index: 1, name: "Go", kind: .work, start: 0, duration: 600_000)],
    events: [], total: 600_000)

  static func counting(_ timeline: Timeline, paused: Bool = false) -> RunUpdate {
    var engine = Engine(schedule: schedule)
    _ = engine.start(at: 0)
    if paused { _ = engine.apply(.togglePause, at: 0) }
    return RunUpdate(narrations: [], engine: engine, observed: 0, observedAt: timeline.now)
  }

  static func countdown(_ timeline: Timeline, on screen: Screen) -> CountdownView {
    CountdownView(
      state: CountdownScreen.State(
        title: "Timer", phase: "TIMER", remaining: 600_000, total: 600_000,
        stage: .counting(paused: false)),
      console: screen.output, loop: timeline.loop)
  }

  /// Frames that count how often they are drawn, due each time a second of the run's clock
  /// turns.
  struct CountedFrames: ViewFrames {
    let counted: Counted
    var drawsBeforeUpdate: Bool { false }
    mutating func take(_ update: RunUpdate) -> Bool { false }
    mutating func notice(_ text: String) -> Bool { false }
    mutating func toggleStyle() {}
    mutating func render(
      _ update: RunUpdate?, at moment: Int64, columns: Int, rows: Int, colour: Bool
    ) -> [String] {
      counted.drawn.withLock { $0.append(moment) }
      return ["\(moment / 1000)"]
    }
    func nextChange(_ update: RunUpdate?, at moment: Int64) -> Int64? {
      update?.engine.state == .running ? 1000 - moment % 1000 : nil
    }
    mutating func end(_ engine: Engine) -> Bool { false }
  }

  final class Counted: Sendable {
    let drawn = Mutex<[Int64]>([])
    var moments: [Int64] { drawn.withLock { $0 } }
  }

  @Test func aFrameIsDrawnEachTimeTheShownSecondTurns() async {
    let timeline = Timeline()
    let screen = Screen()
    let view = Self.countdown(timeline, on: screen)
    view.present(Self.counting(timeline))
    #expect(screen.next())
    #expect(screen.last.contains("10:00"))
    // The first turn is a millisecond past the second, to be past it.
    await timeline.advance(by: .milliseconds(1001))
    #expect(screen.next())
    for second in 2...5 {
      await timeline.advance(by: .seconds(1))
      #expect(screen.next())
      #expect(screen.count == 1 + second)
    }
    #expect(screen.last.contains("5"))
    #expect(view.read { $0.state.remaining } == 600_000 - 5001)
    view.close()
  }

  @Test func nothingIsDrawnWhileNothingChanged() async {
    let timeline = Timeline()
    let counted = Counted()
    let view = ScreenView(
      frames: CountedFrames(counted: counted), console: Screen().output, bell: nil,
      loop: timeline.loop)
    view.present(Self.counting(timeline))
    _ = view.read { _ in 0 }
    #expect(counted.moments == [0])
    // Woken within the second (by a post that asks for nothing), it draws nothing.
    await timeline.advance(by: .milliseconds(400))
    _ = view.read { _ in 0 }
    await timeline.advance(by: .milliseconds(400))
    _ = view.read { _ in 0 }
    #expect(counted.moments == [0])
    // Past the turn, one frame.
    await timeline.advance(by: .milliseconds(201))
    await timeline.clock.sleeping()
    #expect(counted.moments == [0, 1001])
    // Paused, the view sleeps with no deadline: an hour passes without a frame.
    view.present(Self.counting(timeline, paused: true))
    _ = view.read { _ in 0 }
    #expect(counted.moments.count == 3)
    #expect(timeline.clock.sleeperCount == 0)
    timeline.clock.advance(by: .seconds(3600))
    _ = view.read { _ in 0 }
    #expect(counted.moments.count == 3)
    view.close()
  }

  @Test func aKeyWakesTheViewAtOnce() async {
    let timeline = Timeline()
    let screen = Screen()
    let view = Self.countdown(timeline, on: screen)
    view.present(Self.counting(timeline))
    #expect(screen.next())
    await timeline.clock.sleeping()
    // `a` switches the face: drawn whole at once, the clock not having moved.
    view.toggleStyle()
    #expect(screen.next())
    #expect(screen.last.hasPrefix("\u{1B}[H\u{1B}[J"))
    // Space pauses: the run's update is drawn at once too.
    view.present(Self.counting(timeline, paused: true))
    #expect(screen.next())
    #expect(screen.last.contains("PAUSED"))
    #expect(timeline.clock.now.offset == .zero)
    view.close()
  }

  @Test func aRunWaitingForItsPersonCountsOvertimeEachSecond() async {
    let timeline = Timeline()
    let screen = Screen()
    let manual = Schedule(
      name: "Manual",
      segments: [
        Segment(index: 1, name: "Drain", kind: .manual, start: 0, duration: 0, overtime: true)
      ], events: [], total: 0)
    var engine = Engine(schedule: manual)
    _ = engine.start(at: 0)
    let view = RunView(
      style: .digital, console: screen.output, startDate: .init(timeIntervalSince1970: 0),
      timeZone: .utc, strip: { _, _, _ in [] }, loop: timeline.loop)
    view.present(
      RunUpdate(narrations: [], engine: engine, observed: 0, observedAt: timeline.now))
    #expect(screen.next())
    #expect(screen.last.contains("waiting for you"))
    await timeline.advance(by: .milliseconds(1001))
    #expect(screen.next())
    #expect(screen.count == 2)
    view.finish(engine)
  }
}
