import CadenceCore
import CadenceTime
import Foundation
import Testing

/// `--since`: a date, today, yesterday or a number of days, each the start of that day.
@Suite struct DateArgumentTests {
  /// 2026-12-02T15:30:00Z.
  let now = Date(timeIntervalSince1970: 1_796_225_400)

  func day(_ text: String) -> String? {
    DateArgument.parse(text, now: now, timeZone: .utc).map { shown($0) }
  }

  func shown(_ date: Date) -> String {
    let local = Zone.utc.local(date)
    return "\(local.year)-\(local.month)-\(local.day) \(local.hour):\(local.minute)"
  }

  @Test func eachFormIsTheStartOfItsDay() {
    #expect(day("today") == "2026-12-2 0:0")
    #expect(day("Yesterday") == "2026-12-1 0:0")
    #expect(day("7d") == "2026-11-25 0:0")
    #expect(day("0d") == "2026-12-2 0:0")
    #expect(day("2026-02-28") == "2026-2-28 0:0")
  }

  @Test func anythingElseIsNoDate() {
    for text in ["2026-02-30", "2026-2-28", "tomorrow", "-1d", "100000d", "d", "", "2026-02-28x"] {
      #expect(day(text) == nil, "\(text)")
    }
  }
}
