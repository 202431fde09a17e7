import CadenceCore
import CadenceText
import CadenceTime
import FoundationEssentials

/// Reads `plan --start`: when routine time zero falls for an export.
///
/// `now`; a clock time, meaning its next occurrence (`09:00`, `17:30:15`, `5:30pm`); or a date
/// and a time, in the local time zone (`2026-12-01 09:00`, `2026-12-01T09:00`) or in UTC with
/// a `Z` (`2026-12-01T09:00Z`).
public enum StartArgument {
  public static func parse(_ raw: String, now: Date, timeZone: Zone) -> Date? {
    let text = PlainText.trimmed(raw)
    if text.lowercased() == "now" { return now }
    if let time = ClockTime(parsing: text) {
      return time.nextOccurrence(after: now, in: timeZone)
    }
    guard let separator = text.firstIndex(where: { $0 == "T" || $0 == " " }) else { return nil }
    var clock = PlainText.trimmed(text[text.index(after: separator)...])
    var zone = timeZone
    if clock.hasSuffix("Z") {
      clock.removeLast()
      zone = .utc
    }
    let date = text[..<separator].split(separator: "-", omittingEmptySubsequences: false)
    guard date.count == 3, date[0].count == 4, date[1].count == 2, date[2].count == 2,
      let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
      let time = ClockTime(parsing: clock)
    else { return nil }
    let wanted = LocalDateTime(
      year: year, month: month, day: day, hour: time.hour, minute: time.minute,
      second: time.second)
    // A time the clocks skip moves on by the gap; one they show twice is the first.
    return wanted.isValid ? zone.date(of: wanted) : nil
  }
}
