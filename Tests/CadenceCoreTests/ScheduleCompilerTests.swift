import Foundation
import Testing

@testable import CadenceCore

@Suite struct ScheduleCompilerTests {
  func compile(_ steps: [Step], milestones: [Double] = [0.25, 0.5, 0.75, 1]) throws -> Schedule {
    try ScheduleCompiler.compile(
      Routine(name: "Test", body: .steps(steps), milestones: milestones),
      now: Date(timeIntervalSince1970: 0), timeZone: .utc)
  }

  func work(_ name: String, _ duration: Int64, reminders: [ReminderRule] = []) -> Step {
    .segment(SegmentStep(name: name, kind: .work, duration: duration, reminders: reminders))
  }

  func pause(_ name: String, _ duration: Int64) -> Step {
    .segment(SegmentStep(name: name, kind: .pause, duration: duration))
  }

  @Test func seedExampleTwoMinutesTenSeconds() throws {
    let schedule = try compile([
      .block(BlockStep(rounds: 3, steps: [work("Interval", 120_000), pause("Pause", 10_000)]))
    ])
    #expect(
      schedule.segments.map { [$0.start, $0.duration] } == [
        [0, 120_000], [120_000, 10_000], [130_000, 120_000], [250_000, 10_000],
        [260_000, 120_000], [380_000, 10_000],
      ])
    #expect(schedule.segments.map(\.round) == [1, 1, 2, 2, 3, 3])
    #expect(schedule.total == 390_000)
  }

  @Test func nestedBlocksWithStepsBetweenRounds() throws {
    let set = BlockStep(rounds: 2, steps: [work("Go", 20_000), pause("Rest", 10_000)])
    let schedule = try compile([
      .block(BlockStep(rounds: 2, steps: [.block(set)], between: [pause("Set rest", 60_000)]))
    ])
    #expect(
      schedule.segments.map(\.name) == [
        "Go", "Rest", "Go", "Rest", "Set rest", "Go", "Rest", "Go", "Rest",
      ])
    // The one rest between two sets is not numbered: there is no second.
    #expect(schedule.segments.map(\.round) == [1, 1, 2, 2, nil, 1, 1, 2, 2])
    #expect(schedule.segments[4].rounds == nil)
    #expect(schedule.total == 4 * 30_000 + 60_000)
  }

  /// Three sets have two rests between them, numbered 1/2 and 2/2, not 1/3 and 2/3.
  @Test func restsBetweenRoundsCountAmongThemselves() throws {
    let schedule = try compile([
      .block(
        BlockStep(rounds: 3, steps: [work("Set", 60_000)], between: [pause("Set rest", 30_000)]))
    ])
    let rests = schedule.segments.filter { $0.name == "Set rest" }
    #expect(rests.map(\.round) == [1, 2])
    #expect(rests.map(\.rounds) == [2, 2])
    #expect(schedule.segments.filter { $0.name == "Set" }.map(\.rounds) == [3, 3, 3])
  }

  @Test func manualStepsTakeNoRoutineTime() throws {
    let schedule = try compile([
      work("Boil", 60_000),
      .segment(SegmentStep(name: "Drain", kind: .manual, duration: 0, overtime: true)),
      work("Serve", 60_000),
    ])
    #expect(schedule.segments.map(\.start) == [0, 60_000, 60_000])
    #expect(schedule.segments[1].duration == 0 && schedule.segments[1].overtime)
    #expect(schedule.events.first { $0.label == "50%" }?.at == 60_000)
  }

  @Test func remindersFallInsideTheirStep() throws {
    let schedule = try compile(
      [
        work("Prep", 60_000),
        work(
          "Simmer", 600_000,
          reminders: [
            ReminderRule(label: "Stir", timing: .every(180_000)),
            ReminderRule(label: "Taste", timing: .at([300_000])),
          ]),
      ], milestones: [])
    #expect(schedule.events.map(\.at) == [240_000, 360_000, 420_000, 600_000])
    #expect(schedule.events.map(\.label) == ["Stir", "Taste", "Stir", "Stir"])
    #expect(schedule.events.allSatisfy { $0.segment == 2 })
  }

  @Test func milestonesComeBeforeRemindersAtOneInstant() throws {
    let schedule = try compile(
      [work("Only", 400_000, reminders: [ReminderRule(label: "Half", timing: .at([200_000]))])],
      milestones: [0.5, 1])
    #expect(schedule.events.map(\.kind) == [.milestone, .reminder, .milestone])
    #expect(schedule.events.map(\.at) == [200_000, 200_000, 400_000])
  }

  @Test func quarterPointsOfTheWholeRoutine() throws {
    let schedule = try compile([work("A", 100_001), pause("B", 3)])
    #expect(schedule.events.map(\.at) == [25_001, 50_002, 75_003, 100_004])
    #expect(schedule.events.map(\.label) == ["25%", "50%", "75%", "100%"])
  }

  @Test func tooManySegmentsIsRefusedBeforeExpanding() {
    let huge = BlockStep(
      rounds: 1_000_000, steps: [.block(BlockStep(rounds: 1_000_000, steps: [work("x", 1)]))])
    let error = #expect(throws: RoutineError.self) { try compile([.block(huge)]) }
    #expect(error?.path == "steps")
    #expect(error?.message.contains("more than the limit of 1,000,000") == true)
  }

  @Test func exactlyAMillionSegmentsIsAllowed() throws {
    let schedule = try compile(
      [.block(BlockStep(rounds: 500_000, steps: [work("w", 1000), pause("p", 1000)]))],
      milestones: [1])
    #expect(schedule.segments.count == 1_000_000)
    #expect(schedule.segments.last?.end == 1_000_000_000)
  }

  @Test func routineWithOnlyManualStepsIsAnError() {
    #expect(throws: RoutineError.self) {
      try compile([.segment(SegmentStep(name: "Wait", kind: .manual, duration: 0))])
    }
  }

  @Test func routineLongerThanTheLimitIsAnError() {
    #expect(throws: RoutineError.self) {
      try compile([.block(BlockStep(rounds: 400, steps: [work("Day", 86_400_000)]))])
    }
  }
}
