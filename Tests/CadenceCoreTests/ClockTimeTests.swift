import CadenceSystem
import CadenceTime
import Foundation
import Testing

@testable import CadenceCore

@Suite struct ClockTimeTests {
  @Test(arguments: [
    ("17:30", 17, 30, 0), ("17:30:15", 17, 30, 15), ("5pm", 17, 0, 0), ("5:30 pm", 17, 30, 0),
    ("12am", 0, 0, 0), ("12pm", 12, 0, 0), ("0:00", 0, 0, 0), ("09:05", 9, 5, 0),
  ])
  func parses(text: String, hour: Int, minute: Int, second: Int) throws {
    let time = try #require(ClockTime(parsing: text))
    #expect(time.hour == hour && time.minute == minute && time.second == second)
  }

  @Test(arguments: ["24:00", "17:60", "17", "13pm", "1:2", "17:30:60", "noon", "2h", ""])
  func rejects(text: String) {
    #expect(ClockTime(parsing: text) == nil)
  }

  @Test func nextOccurrenceIsLaterTodayOrTomorrow() throws {
    let utc = Zone.utc
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC
    let later = try #require(ClockTime(parsing: "17:30"))
    #expect(later.nextOccurrence(after: now, in: utc).timeIntervalSince(now) == 9.5 * 3600)
    let earlier = try #require(ClockTime(parsing: "07:00"))
    #expect(earlier.nextOccurrence(after: now, in: utc).timeIntervalSince(now) == 23 * 3600)
    let same = try #require(ClockTime(parsing: "08:00"))
    #expect(same.nextOccurrence(after: now, in: utc).timeIntervalSince(now) == 24 * 3600)
  }

  @Test func nextOccurrenceSkipsATimeThatDaylightSavingRemoves() throws {
    let london = try #require(Zone(named: "Europe/London", files: .system))
    // 2026-03-29 00:00 UTC: clocks in London go from 01:00 to 02:00 this night.
    let now = Date(timeIntervalSince1970: 1_774_742_400)
    let missing = try #require(ClockTime(parsing: "01:30"))
    let next = missing.nextOccurrence(after: now, in: london)
    #expect(next > now)
    #expect(next.timeIntervalSince(now) < 25 * 3600)
  }
}
