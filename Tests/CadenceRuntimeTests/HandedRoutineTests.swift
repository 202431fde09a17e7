import CadenceCore
import CadenceSystem
import Testing

@testable import CadenceRuntime

/// The routine a process compiled reaches its background process whole: its schedule, text
/// (any bytes), place and parameters, read from a pipe to its end.
@Suite struct HandedRoutineTests {
  @Test func aHandedRoutineIsReadBackAsItWasHanded() throws {
    var schedule = KeptCountdownTests.schedule([30_000, 1_000])
    schedule.events = [ScheduleEvent(kind: .milestone, at: 10_300, label: "33.3%", fraction: 1 / 3)]
    schedule.hooks = [.onStart]
    let routine = HandedRoutine(
      path: "/home/me/gym.lua", location: "/home/me/gym.lua",
      source: Array("return {} -- \u{7}".utf8) + [0xFF, 0x00, 0xC3],
      parameters: [("rounds", "5"), ("name", "a=b\nc")], schedule: schedule, run: 12)
    let ends = try Descriptor.pipe().get()
    #expect(Descriptor.writeAll(ends.write, routine.encoded))
    Descriptor.close(ends.write)
    defer { Descriptor.close(ends.read) }
    let received = try #require(HandedRoutine.received(on: ends.read))
    #expect(received == routine)
    #expect(received.overrides.map(\.value) == ["5", "a=b\nc"])
  }

  @Test func nothingHandedIsNone() throws {
    let ends = try Descriptor.pipe().get()
    Descriptor.close(ends.write)
    defer { Descriptor.close(ends.read) }
    #expect(HandedRoutine.received(on: ends.read) == nil)
  }
}
