import CadenceCore
import CadenceStore
import Foundation

/// What `stats` works out from the sessions: per-day totals, streaks and groupings.
struct Statistics {
  let sessions: [SessionRecord]
  let now: Date
  let calendar: Calendar

  init(sessions: [SessionRecord], now: Date, timeZone: TimeZone) {
    self.sessions = sessions
    self.now = now
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  /// Active time per local day, keyed by the day's start.
  var activeByDay: [Date: Int64] {
    var totals: [Date: Int64] = [:]
    for session in sessions {
      totals[calendar.startOfDay(for: session.startedAt), default: 0] += session.activeMilliseconds
    }
    return totals
  }

  /// Days with at least one completed session.
  var completedDays: Set<Date> {
    Set(sessions.filter { $0.outcome == .completed }.map { calendar.startOfDay(for: $0.startedAt) })
  }

  /// Consecutive days with a completed session up to today (or yesterday, if today has none
  /// yet), and the longest such run ever.
  var streaks: (current: Int, longest: Int) {
    let days = completedDays
    let today = calendar.startOfDay(for: now)
    var current = 0
    var day = days.contains(today) ? today : calendar.date(byAdding: .day, value: -1, to: today)!
    while days.contains(day) {
      current += 1
      day = calendar.date(byAdding: .day, value: -1, to: day)!
    }
    var longest = 0
    var run = 0
    var previous: Date?
    for day in days.sorted() {
      if let previous, calendar.date(byAdding: .day, value: 1, to: previous) == day {
        run += 1
      } else {
        run = 1
      }
      longest = max(longest, run)
      previous = day
    }
    return (current, longest)
  }

  func render(days: Int, width: Int, balance: Int64? = nil) -> String {
    let today = calendar.startOfDay(for: now)
    let first = calendar.date(byAdding: .day, value: -(days - 1), to: today)!
    let recent = sessions.filter { $0.startedAt >= first }
    let active = recent.reduce(Int64(0)) { $0 + $1.activeMilliseconds }
    let completed = recent.filter { $0.outcome == .completed }.count
    var lines: [String] = []
    let share = recent.isEmpty ? 0 : completed * 100 / recent.count
    lines.append(
      "Last \(days) day\(days == 1 ? "" : "s"): \(recent.count) session\(recent.count == 1 ? "" : "s"), \(Self.hours(active)) active, \(completed) completed (\(share)%)"
    )
    let (current, longest) = streaks
    lines.append(
      "Streak: \(current) day\(current == 1 ? "" : "s") now, longest \(longest) day\(longest == 1 ? "" : "s")"
    )
    if let balance {
      let earned = recent.reduce(0) { $0 + $1.coins }
      lines.append("Coins: \(balance) (\(earned) earned in these days)")
    }
    lines.append("")
    let totals = activeByDay
    let most = max(
      1,
      (0..<days).map { totals[calendar.date(byAdding: .day, value: $0, to: first)!] ?? 0 }.max()
        ?? 1)
    let barWidth = max(10, min(50, width - 30))
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_GB")
    formatter.dateFormat = "EEE d MMM"
    for offset in 0..<days {
      let day = calendar.date(byAdding: .day, value: offset, to: first)!
      let value = totals[day] ?? 0
      let length = Int((Double(value) / Double(most) * Double(barWidth)).rounded())
      let label = formatter.string(from: day).padding(toLength: 11, withPad: " ", startingAt: 0)
      let bar = String(repeating: "█", count: length).padding(
        toLength: barWidth, withPad: " ", startingAt: 0)
      lines.append(
        "  \(label) \(bar) \(value > 0 ? Self.hours(value) : "")".trimmingTrailingSpaces())
    }
    for (title, key) in [
      ("By routine", { (s: SessionRecord) in s.routine.map { [$0] } ?? [s.kind.rawValue] }),
      ("By task", { (s: SessionRecord) in s.task.map { [$0] } ?? [] }),
      ("By goal", { (s: SessionRecord) in s.goal.map { [$0] } ?? [] }),
      ("By tag", { (s: SessionRecord) in s.tags }),
    ] as [(String, (SessionRecord) -> [String])] {
      var groups: [String: (count: Int, active: Int64)] = [:]
      for session in recent {
        for name in key(session) {
          groups[name, default: (0, 0)].count += 1
          groups[name, default: (0, 0)].active += session.activeMilliseconds
        }
      }
      guard !groups.isEmpty else { continue }
      lines.append("")
      lines.append(title + ":")
      let rows = groups.sorted {
        $0.value.active > $1.value.active || ($0.value.active == $1.value.active && $0.key < $1.key)
      }
      .map {
        [
          $0.key, "\($0.value.count) session\($0.value.count == 1 ? "" : "s")",
          Self.hours($0.value.active),
        ]
      }
      lines += PlanRenderer.table(rows, rightAligned: [2])
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "4h12m", "35m", "0m".
  static func hours(_ milliseconds: Int64) -> String {
    let minutes = milliseconds / 60_000
    if minutes == 0, milliseconds > 0 { return "\(milliseconds / 1000)s" }
    return minutes >= 60 ? "\(minutes / 60)h\(minutes % 60)m" : "\(minutes)m"
  }
}
