import CadenceSystem
import CadenceTime
import Foundation
import Testing

@testable import CadenceOutput

/// `plan --start`: a clock time is its next occurrence; a date and time is local unless it
/// ends in Z; anything else is refused.
@Suite struct StartArgumentTests {
  static let london = Zone(named: "Europe/London", files: .system)!
  /// 2026-12-01T15:30:00Z, a Tuesday afternoon in London (GMT).
  static let now = Date(timeIntervalSince1970: 1_796_139_000)

  func start(_ text: String) -> Date? {
    StartArgument.parse(text, now: Self.now, timeZone: Self.london)
  }

  @Test func clockTimesAreTheirNextOccurrence() {
    #expect(start("17:30") == Self.now.addingTimeInterval(7200))
    #expect(start("5:30pm") == Self.now.addingTimeInterval(7200))
    #expect(start("09:00") == Self.now.addingTimeInterval(17.5 * 3600))
    #expect(start("now") == Self.now)
  }

  @Test func datesAndTimesAreLocalUnlessInUTC() {
    let summer = start("2026-07-01T09:00")
    #expect(summer == Date(timeIntervalSince1970: 1_782_892_800))  // 08:00Z, BST
    #expect(start("2026-07-01 09:00") == summer)
    #expect(start("2026-07-01T09:00Z") == Date(timeIntervalSince1970: 1_782_896_400))
  }

  @Test(arguments: ["2026-02-30T09:00", "2026-7-1T09:00", "tomorrow", "25:00", "2026-07-01T"])
  func nonsenseIsRefused(text: String) {
    #expect(start(text) == nil)
  }
}
