import CadenceTime
import FoundationEssentials

/// Reads `--since`: a date (`2026-11-01`), `today`, `yesterday`, or a number of days (`7d`).
public enum DateArgument {
  /// The start of the day meant, in `timeZone`; nil when the text is none of those.
  public static func parse(_ text: String, now: Date, timeZone: Zone) -> Date? {
    let today = timeZone.local(now)
    switch text.lowercased() {
    case "today": return timeZone.startOfDay(today)
    case "yesterday": return timeZone.startOfDay(today.addingDays(-1))
    default: break
    }
    if text.hasSuffix("d"), let days = Int(text.dropLast()), days >= 0, days < 100_000 {
      return timeZone.startOfDay(today.addingDays(-days))
    }
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, text.count == 10 else { return nil }
    let day = LocalDateTime(year: parts[0], month: parts[1], day: parts[2])
    return day.isValid ? timeZone.startOfDay(day) : nil
  }
}
