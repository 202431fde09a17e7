import Testing

@testable import CadenceTime

@Suite struct TimeFormatTests {
  static let time = LocalDateTime(year: 2026, month: 9, day: 7, hour: 8, minute: 5, second: 3)

  @Test func writesTheForms() {
    #expect(TimeFormat.clock(Self.time) == "08:05:03")
    #expect(TimeFormat.clock(Self.time, seconds: false) == "08:05")
    #expect(TimeFormat.date(Self.time) == "2026-09-07")
    #expect(TimeFormat.rfc3339(Self.time, milliseconds: 7, offset: 0) == "2026-09-07T08:05:03.007Z")
    #expect(TimeFormat.rfc3339(Self.time, offset: 19_800) == "2026-09-07T08:05:03+05:30")
    #expect(TimeFormat.rfc3339(Self.time, offset: -12_600) == "2026-09-07T08:05:03-03:30")
    #expect(TimeFormat.icalendar(Self.time, utc: true) == "20260907T080503Z")
    #expect(TimeFormat.icalendar(Self.time, utc: false) == "20260907T080503")
    #expect(TimeFormat.weekdayName(Self.time.weekday) == "Monday")
    #expect(TimeFormat.weekdayName(7, abbreviated: true) == "Sun")
    #expect(TimeFormat.monthName(9) == "September")
    #expect(TimeFormat.monthName(9, abbreviated: true) == "Sep")
  }

  @Test(
    arguments: [
      ("2026-11-30T15:20:00.123Z", 1_796_052_000_123),
      ("2026-11-30T16:20:00.1+01:00", 1_796_052_000_100),
      ("2026-11-30T10:20:00.1239-0500", 1_796_052_000_123),
      ("1969-12-31T23:59:59.999Z", -1),
    ] as [(String, Int64)])
  func readsTimestamps(text: String, milliseconds: Int64) {
    #expect(TimeFormat.rfc3339Milliseconds(text) == milliseconds)
  }

  @Test(arguments: [
    "2026-11-30T15:20:00Z", "2026-11-30 15:20:00.1Z", "2026-02-30T15:20:00.1Z",
    "2026-11-30T24:00:00.1Z", "2026-11-30T15:20:00.1", "2026-11-30T15:20:00.1Z ", "",
    "2026-11-30T15:20:00.1+1:00",
  ])
  func refusesWhatIsNotATimestamp(text: String) {
    #expect(TimeFormat.rfc3339Milliseconds(text) == nil)
  }
}
