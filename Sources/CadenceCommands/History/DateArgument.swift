import CadenceCore
import Foundation

/// Reads `--since`: a date (`2026-11-01`), `today`, `yesterday`, or a number of days (`7d`).
enum DateArgument {
  static func parse(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let today = calendar.startOfDay(for: now)
    switch text.lowercased() {
    case "today": return today
    case "yesterday": return calendar.date(byAdding: .day, value: -1, to: today)
    default: break
    }
    if text.hasSuffix("d"), let days = Int(text.dropLast()), days >= 0, days < 100_000 {
      return calendar.date(byAdding: .day, value: -days, to: today)
    }
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, text.count == 10 else { return nil }
    let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
    guard let date = calendar.date(from: components),
      calendar.component(.month, from: date) == parts[1]
    else { return nil }
    return date
  }
}
