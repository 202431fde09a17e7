import CadenceSystem
import Testing

@testable import CadenceTime

/// Wall-clock dates and times: the calendar, days and their starts, gaps and overlaps.
@Suite struct LocalTimeTests {
  static let london = Zone(named: "Europe/London", files: .system)!

  @Test func daysRoundTripAndWeekdaysFollow() {
    #expect(LocalDateTime(year: 1970, month: 1, day: 1).dayNumber == 0)
    #expect(LocalDateTime(year: 2000, month: 3, day: 1).dayNumber == 11_017)
    #expect(LocalDateTime(year: 1969, month: 12, day: 31).weekday == 3)  // a Wednesday
    var previous = LocalDateTime(localSeconds: -80_000 * 86_400)
    for day in Int64(-79_999)...80_000 {
      let date = LocalDateTime(localSeconds: day * 86_400)
      #expect(date.dayNumber == day && date.isValid)
      #expect(date.weekday == previous.weekday % 7 + 1)
      previous = date
    }
  }

  @Test func fieldsOutOfRangeCarryOver() {
    #expect(
      LocalDateTime(year: 2026, month: 13, day: 1).dayNumber
        == LocalDateTime(year: 2027, month: 1, day: 1).dayNumber)
    #expect(
      LocalDateTime(year: 2026, month: 3, day: 0).dayNumber
        == LocalDateTime(year: 2026, month: 2, day: 28).dayNumber)
    #expect(!LocalDateTime(year: 2026, month: 2, day: 29).isValid)
    #expect(LocalDateTime(year: 2024, month: 2, day: 29).isValid)
  }

  @Test func aSkippedTimeMovesForwardAndARepeatedOneIsTheEarlier() {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST, at 01:00 UTC.
    let skipped = LocalDateTime(year: 2026, month: 3, day: 29, hour: 1, minute: 30)
    #expect(Self.london.instant(of: skipped) == 1_774_747_800)  // 02:30 BST
    #expect(Self.london.instant(of: skipped, gap: .atTransition) == 1_774_746_000)  // 02:00 BST
    // 25 October 2026: 01:30 happens in BST, then again in GMT.
    let twice = LocalDateTime(year: 2026, month: 10, day: 25, hour: 1, minute: 30)
    #expect(Self.london.instant(of: twice) == 1_792_888_200)
  }

  @Test func dayStartsAndDaysAdded() throws {
    // Havana's clocks went from 00:00 to 01:00 on 8 March 2026: the day starts at 01:00.
    let havana = try #require(Zone(named: "America/Havana", files: .system))
    let noon = havana.instant(of: LocalDateTime(year: 2026, month: 3, day: 8, hour: 12))
    let start = havana.startOfDay(noon)
    #expect(havana.local(start) == LocalDateTime(year: 2026, month: 3, day: 8, hour: 1))
    // A day added over the change keeps the time of day: 23 hours in London.
    let before = Self.london.instant(of: LocalDateTime(year: 2026, month: 3, day: 28, hour: 9))
    #expect(Self.london.adding(days: 1, to: before) - before == 23 * 3600)
    #expect(Self.london.adding(days: -1, to: Self.london.adding(days: 1, to: before)) == before)
  }
}
