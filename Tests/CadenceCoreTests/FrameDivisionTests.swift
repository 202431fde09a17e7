import Foundation
import Testing

@testable import CadenceCore

@Suite struct FrameDivisionTests {
  func compile(_ frame: Frame) throws -> Schedule {
    try ScheduleCompiler.compile(
      Routine(name: "Frame", body: .frame(frame)), now: Date(timeIntervalSince1970: 0),
      timeZone: .utc)
  }

  @Test func defaultPauseIsATenthOfAnInterval() throws {
    // 4 intervals in 2 h: 43 units of T / 43 ms, W = 10 units = 1 674 418.6 ms, P = 167 441.86.
    // Boundaries at 10, 11, 21, 22, 32, 33 units: 1 674 418.6, 1 841 860.5, 3 516 279.1,
    // 3 683 720.9, 5 358 139.5, 5 525 581.4 ms, each rounded half up.
    let schedule = try compile(Frame(end: .length(7_200_000), intervals: 4))
    let lengths = schedule.segments.map(\.duration)
    #expect(lengths == [1_674_419, 167_441, 1_674_419, 167_442, 1_674_419, 167_441, 1_674_419])
    #expect(lengths.reduce(0, +) == 7_200_000)
    #expect(schedule.segments.map(\.kind) == [.work, .pause, .work, .pause, .work, .pause, .work])
  }

  @Test func seedExampleOneHourTenMinutesThreeTimes() throws {
    let schedule = try compile(
      Frame(end: .length(12_600_000), intervals: 3, pause: 600_000, pauseAfterLast: true))
    #expect(
      schedule.segments.map(\.duration) == [
        3_600_000, 600_000, 3_600_000, 600_000, 3_600_000, 600_000,
      ])
  }

  @Test func overriddenPauseLeavesTheRestToTheIntervals() throws {
    let schedule = try compile(Frame(end: .length(3_600_000), intervals: 3, pause: 300_000))
    #expect(
      schedule.segments.map(\.duration) == [1_000_000, 300_000, 1_000_000, 300_000, 1_000_000])
  }

  @Test func aPauseThatLeavesNoTimeSaysHowMuchIsMissing() {
    #expect {
      try compile(Frame(end: .length(3_000_000), intervals: 4, pause: 1_200_000))
    } throws: { error in
      let message = (error as? RoutineError)?.description ?? ""
      return message.hasPrefix("frame.pause: 3 pauses of 20m take 1h of the 50m frame")
        && message.hasSuffix("or lengthen the frame by more than 10m")
    }
  }

  @Test func oneIntervalFillsTheFrame() throws {
    let schedule = try compile(Frame(end: .length(1_000), intervals: 1))
    #expect(schedule.segments.map(\.duration) == [1_000])
  }

  @Test func finishTimeMeasuresFromNow() throws {
    let routine = Routine(
      name: "Until half five",
      body: .frame(Frame(end: .finish(ClockTime(hour: 17, minute: 30)!), intervals: 2)))
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // 08:00:00 UTC
    let schedule = try ScheduleCompiler.compile(
      routine, now: now, timeZone: .utc)
    #expect(schedule.total == 34_200_000)
  }

  /// For many frames: the segments add up to the frame exactly, every interval is within a
  /// millisecond of the exact division and so is every pause.
  @Test(arguments: [1, 2, 3, 4, 7, 10, 13, 100, 997])
  func segmentsAddUpExactly(intervals: Int) throws {
    var generator = SplitMix(seed: UInt64(intervals))
    for _ in 0..<40 {
      let length = Int64(generator.next() % 86_400_000) + 11 * Int64(intervals)
      let afterLast = generator.next() % 2 == 0
      let pauses = Int64(intervals - 1 + (afterLast ? 1 : 0))
      let givenPause: Int64? =
        generator.next() % 2 == 0 && pauses > 0
        ? Int64(generator.next() % UInt64(max(1, length / (2 * pauses)))) : nil
      let schedule = try compile(
        Frame(
          end: .length(length), intervals: intervals, pause: givenPause, pauseAfterLast: afterLast))
      #expect(schedule.total == length)
      #expect(schedule.segments.map(\.duration).reduce(0, +) == length)
      let exactWork: Double
      let exactPause: Double
      if let givenPause {
        exactWork = Double(length - pauses * givenPause) / Double(intervals)
        exactPause = Double(givenPause)
      } else {
        exactWork = 10 * Double(length) / Double(10 * Int64(intervals) + pauses)
        exactPause = exactWork / 10
      }
      for segment in schedule.segments {
        let exact = segment.kind == .work ? exactWork : exactPause
        #expect(abs(Double(segment.duration) - exact) <= 1.0)
      }
      #expect(schedule.segments.filter { $0.kind == .work }.count == intervals)
    }
  }
}

/// A small deterministic generator for property tests.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
