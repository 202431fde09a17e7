import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceCore

/// The runner on a manual clock: hours of routine in microseconds, the runner's thread really
/// blocked in its alarm between wake-ups, as in production.
@Suite(.timeLimit(.minutes(10))) struct EngineRunnerTests {
  func hourLongSchedule() throws -> Schedule {
    let steps: [Step] = [
      .block(
        BlockStep(
          rounds: 30,
          steps: [
            .segment(SegmentStep(name: "Work", kind: .work, duration: 110_000)),
            .segment(SegmentStep(name: "Rest", kind: .pause, duration: 10_000)),
          ]))
    ]
    return try ScheduleCompiler.compile(
      Routine(name: "Hour", body: .steps(steps)), now: Date(), timeZone: .current)
  }

  @Test func anHourRunsOnTheManualClockWithExactDeadlines() async throws {
    let clock = ManualClock()
    let schedule = try hourLongSchedule()
    let recorder = UpdateRecorder()
    let runner = EngineRunner(schedule: schedule, clock: clock, alarm: ManualAlarm(clock: clock))
    let task = onThread { runner.run { recorder.record($0) } }
    await recorder.wait { $0.count >= 2 }
    // Advance in one-second steps, as a ticking loop would, but the runner sleeps to deadlines.
    for _ in 0..<3600 {
      await clock.sleeping()
      clock.advance(by: .seconds(1))
    }
    let engine = await task.value
    #expect(engine.state == .finished)
    let events = recorder.all
    #expect(events.filter { $0.kind == .segmentStart }.count == 60)
    #expect(events.allSatisfy { $0.late == 0 })
    let quarters: [Int64] = [900_000, 1_800_000, 2_700_000, 3_600_000]
    #expect(events.filter { $0.kind == .milestone }.map(\.due) == quarters)
    #expect(events.last?.kind == .finish)
  }

  @Test func aLateWakeUpFiresEachDueEventOnceInOrder() async throws {
    let clock = ManualClock()
    let recorder = UpdateRecorder()
    let runner = EngineRunner(
      schedule: try hourLongSchedule(), clock: clock, alarm: ManualAlarm(clock: clock))
    let task = onThread { runner.run { recorder.record($0) } }
    await clock.sleeping()
    // The machine "sleeps" for 25 minutes and 3 seconds.
    clock.advance(by: .seconds(1503))
    await recorder.wait { $0.contains { $0.kind == .milestone } }
    let events = recorder.all.filter { $0.kind != .start }
    // The first start, four boundary events in each of 12 whole cycles of 120 s, the milestone.
    let expectedCount = 1 + 4 * 12 + 1
    #expect(events.count == expectedCount)
    #expect(events.map(\.due) == events.map(\.due).sorted())
    let firstMilestoneLate: Int64 = 603_000
    let lastStart: Int64 = 1_440_000
    #expect(events.first { $0.kind == .milestone }?.late == firstMilestoneLate)
    #expect(events.filter { $0.kind == .segmentStart }.last?.due == lastStart)
    runner.send(.stop)
    #expect(await task.value.state == .stopped)
  }

  @Test func commandsReachTheEngineAtTheClocksInstant() async throws {
    let clock = ManualClock()
    let recorder = UpdateRecorder()
    let runner = EngineRunner(
      schedule: try hourLongSchedule(), clock: clock, alarm: ManualAlarm(clock: clock))
    let task = onThread { runner.run { recorder.record($0) } }
    await clock.sleeping()
    clock.advance(by: .seconds(50))
    runner.send(.pause)
    await recorder.wait { $0.contains { $0.kind == .paused } }
    #expect(clock.sleeperCount == 0)
    clock.advance(by: .seconds(600))
    runner.send(.resume)
    await recorder.wait { $0.contains { $0.kind == .resumed } }
    await clock.sleeping()
    clock.advance(by: .seconds(60))
    await recorder.wait { $0.contains { $0.kind == .segmentEnd } }
    let firstEnd: Int64 = 710_000
    #expect(recorder.all.first { $0.kind == .segmentEnd }?.due == firstEnd)
    runner.send(.stop)
    let engine = await task.value
    #expect(engine.state == .stopped)
  }
}
