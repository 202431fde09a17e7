import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceCore

/// Seed 002's state transitions, each driven through a real countdown on the manual clock.
@Suite(.timeLimit(.minutes(10))) struct FocusCycleTests {
  /// One row of the seed's table: how a session ends, and what is on offer afterwards.
  struct Transition: Sendable, CustomTestStringConvertible {
    var phase: FocusCycle.Phase
    var ending: FocusCycle.Ending
    var offers: FocusCycle.Phase
    /// Which remembered length the display is reset to.
    var resetTo: FocusCycle.Phase
    var testDescription: String { "\(phase) \(ending) → offer \(offers) at last \(resetTo)" }
  }

  static let table = [
    Transition(phase: .focus, ending: .stopped, offers: .focus, resetTo: .focus),
    Transition(phase: .focus, ending: .completed, offers: .break, resetTo: .break),
    Transition(phase: .break, ending: .skipped, offers: .focus, resetTo: .focus),
    Transition(phase: .break, ending: .completed, offers: .focus, resetTo: .focus),
  ]

  /// Counts `schedule` down on a manual clock and ends it the way `ending` says: completed by
  /// letting the clock run out, stopped or skipped half-way.
  func countDown(_ schedule: Schedule, ending: FocusCycle.Ending) async -> Engine {
    let clock = ManualClock()
    let runner = EngineRunner(schedule: schedule, clock: clock, alarm: ManualAlarm(clock: clock))
    let task = onThread { runner.run { _ in } }
    await clock.sleeping()
    switch ending {
    case .completed:
      clock.advance(by: .milliseconds(schedule.total))
    case .stopped, .skipped:
      clock.advance(by: .milliseconds(schedule.total / 2))
      runner.send(ending == .stopped ? .stop : .skip)
    }
    return await task.value
  }

  @Test(arguments: table) func theTransitionsAreTheSeeds(_ row: Transition) async {
    // Remembered lengths from earlier runs; the one on offer is then moved by a minute.
    var cycle = FocusCycle(lastFocus: 30 * 60_000, lastBreak: 7 * 60_000, offer: row.phase)
    cycle.adjust(steps: 1)
    let ran = cycle.length
    let engine = await countDown(cycle.start(), ending: row.ending)
    #expect(FocusCycle.ending(of: engine) == row.ending)
    let concluded = cycle.conclude(row.ending)
    #expect(concluded)
    #expect(cycle.offer == row.offers)
    let expected: Int64 =
      switch (row.resetTo, row.phase) {
      case (.focus, .focus): ran
      case (.focus, .break): 30 * 60_000
      case (.break, .break): ran
      case (.break, .focus): 7 * 60_000
      }
    #expect(cycle.length == expected)
    #expect(row.phase == .focus ? cycle.lastFocus == ran : cycle.lastBreak == ran)
  }

  @Test func theCountdownGoesDownOneSecondAtATime() async {
    let clock = ManualClock()
    let start = clock.now
    let schedule = FocusCycle(lastFocus: 60_000).schedule()
    let runner = EngineRunner(schedule: schedule, clock: clock, alarm: ManualAlarm(clock: clock))
    let reports = UpdateRecorder()
    let task = onThread { runner.run { reports.record($0) } }
    await clock.sleeping()
    var shown: [Int64] = []
    for second in 0..<60 {
      let now = EngineRunner<ManualClock>.milliseconds(from: start, to: clock.now)
      let engine = reports.latest!
      shown.append(FocusCycle.displaySeconds(engine.total - engine.elapsed(at: now)))
      if second < 59 { clock.advance(by: .seconds(1)) }
    }
    clock.advance(by: .seconds(1))
    #expect(shown == Array((1...60).reversed()))
    #expect(await task.value.state == .finished)
  }

  @Test func aPartSecondShowsAsTheWholeSecondItIsIn() {
    #expect(FocusCycle.displaySeconds(59_001) == 60)
    #expect(FocusCycle.displaySeconds(59_000) == 59)
    #expect(FocusCycle.displaySeconds(0) == 0)
  }

  @Test func lengthsMoveInWholeMinutesWithinBounds() {
    var cycle = FocusCycle(lastFocus: 2 * 60_000)
    let shortened = cycle.adjust(steps: -1)
    #expect(shortened)
    #expect(cycle.length == 60_000)
    let belowMinimum = cycle.adjust(steps: -1)
    #expect(!belowMinimum)
    #expect(cycle.length == 60_000)
    // Holding the key: thirty repeats, thirty minutes; none dropped, none doubled.
    for _ in 0..<30 { cycle.adjust(steps: 1) }
    #expect(cycle.length == 31 * 60_000)
    cycle.adjust(steps: 10_000)
    #expect(cycle.length == FocusCycle.maximum)
  }

  @Test func aCompletedFocusEarnsACoinAWholeMinute() {
    #expect(FocusCycle.coins(phase: .focus, ending: .completed, active: 25 * 60_000 + 59_999) == 25)
    #expect(FocusCycle.coins(phase: .focus, ending: .completed, active: 59_999) == 0)
    #expect(FocusCycle.coins(phase: .focus, ending: .stopped, active: 24 * 60_000) == 0)
    #expect(FocusCycle.coins(phase: .break, ending: .completed, active: 5 * 60_000) == 0)
  }

  @Test func aTasksFocusIsFollowedByAMandatoryBreakThenAFinish() async {
    var cycle = FocusCycle(
      lastFocus: 25 * 60_000, lastBreak: 10 * 60_000, taskBreak: 5 * 60_000, task: "Essay")
    #expect(cycle.start().name == "Focus: Essay")
    cycle.conclude(.completed)
    #expect(cycle.offer == .break)
    #expect(cycle.breakIsMandatory)
    #expect(cycle.length == 5 * 60_000)
    #expect(!cycle.canSkip)
    let shortenedMandatory = cycle.adjust(steps: -1)
    #expect(!shortenedMandatory)
    let skipped = cycle.conclude(.skipped)
    #expect(!skipped)
    #expect(cycle.offer == .break)
    let engine = await countDown(cycle.start(), ending: .completed)
    cycle.conclude(FocusCycle.ending(of: engine))
    #expect(cycle.awaitingFinish)
    #expect(cycle.lastBreak == 10 * 60_000)
    cycle.finish()
    #expect(!cycle.awaitingFinish)
    #expect(cycle.offer == .focus)
    #expect(cycle.length == 25 * 60_000)
  }

  @Test func aResumedMandatoryBreakKeepsItsRulesAndEndsInTheFinish() {
    var cycle = FocusCycle(lastFocus: 25 * 60_000, taskBreak: 5 * 60_000, task: "Essay")
    cycle.resume(.break, mandatory: true, length: 5 * 60_000)
    #expect(cycle.offer == .break)
    #expect(cycle.breakIsMandatory)
    #expect(!cycle.canSkip)
    let shortened = cycle.adjust(steps: -1)
    #expect(!shortened)
    let skipped = cycle.conclude(.skipped)
    #expect(!skipped)
    #expect(cycle.offer == .break)
    let completed = cycle.conclude(.completed)
    #expect(completed)
    #expect(cycle.awaitingFinish)
    #expect(cycle.offer == .focus)
    // Without a task there is no mandatory break to put back.
    var plain = FocusCycle()
    plain.resume(.break, mandatory: true, length: 5 * 60_000)
    #expect(!plain.breakIsMandatory)
    #expect(plain.canSkip)
  }

  @Test(arguments: [
    ("mon,wed,fri", 0b10101), ("weekdays", 0x1F), ("every day", 0x7F), ("Saturday,sun", 0x60),
    ("TUE", 0b10),
  ])
  func weekdaysAreRead(_ text: String, _ mask: Int) throws {
    #expect(try Weekdays.parse(text).get().rawValue == mask)
  }

  @Test(arguments: ["mon,funday", "", "xyz", "mo"]) func aDayThatDoesNotExistIsRefused(
    _ text: String
  ) {
    guard case .failure(let error) = Weekdays.parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(error.sentence.contains("not a day of the week"))
  }
}
