import CadenceCore
import Testing

/// A timer's, a focus's and a break's schedule: one segment, named as the view and the
/// history show it.
struct CountdownScheduleTests {
  @Test func aTimerIsOneSegmentOfWorkNamedAfterItsTask() {
    let plain = Schedule.timer(task: nil, length: 90_000)
    #expect(plain.name == "Timer")
    #expect(plain.total == 90_000)
    #expect(plain.segments.map(\.kind) == [.work])
    #expect(plain.segments.map(\.duration) == [90_000])
    #expect(plain.events.isEmpty)
    #expect(Schedule.timer(task: "Essay", length: 60_000).segments.map(\.name) == ["Timer: Essay"])
  }

  @Test func aBreakIsAPause() {
    let schedule = Schedule.countdown(name: "Break", kind: .pause, length: 300_000)
    #expect(schedule.segments.map(\.kind) == [.pause])
    #expect(schedule.segments.first?.start == 0)
  }
}
