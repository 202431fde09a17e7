import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceText
import CadenceTime
import FoundationEssentials

/// What `stats` works out from the sessions: per-day totals, streaks and groupings.
///
/// Days are the local calendar's, numbered from 1970-01-01, so that a day is the next one
/// whatever its length in hours.
struct Statistics {
  let sessions: [SessionRecord]
  let now: Date
  let zone: Zone

  init(sessions: [SessionRecord], now: Date, timeZone: Zone) {
    self.sessions = sessions
    self.now = now
    self.zone = timeZone
  }

  /// The local day an instant falls on.
  func day(_ date: Date) -> Int64 { zone.local(date).dayNumber }

  /// Active time per local day.
  var activeByDay: [Int64: Int64] {
    var totals: [Int64: Int64] = [:]
    for session in sessions {
      let key = day(session.startedAt)
      totals[key] = (totals[key] ?? 0).saturatingAdding(session.activeMilliseconds)
    }
    return totals
  }

  /// Days with at least one completed session.
  var completedDays: Set<Int64> {
    Set(sessions.filter { $0.outcome == .completed }.map { day($0.startedAt) })
  }

  /// Consecutive days with a completed session up to today (or yesterday, if today has none
  /// yet), and the longest such run ever.
  var streaks: (current: Int, longest: Int) {
    let days = completedDays
    let today = day(now)
    var current = 0
    var day = days.contains(today) ? today : today - 1
    while days.contains(day) {
      current += 1
      day -= 1
    }
    var longest = 0
    var run = 0
    var previous: Int64?
    for day in days.sorted() {
      if let previous, previous + 1 == day {
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
    let today = day(now)
    let first = today - Int64(days - 1)
    // A session dated after today (a clock set wrong, or a row written by hand) is in no
    // recent day.
    let recent = sessions.filter { (first...today).contains(day($0.startedAt)) }
    let active = recent.saturatingSum(\.activeMilliseconds)
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
      let earned = recent.saturatingSum(\.coins)
      lines.append("Coins: \(balance) (\(earned) earned in these days)")
    }
    lines.append("")
    let totals = activeByDay
    let most = max(1, (0..<days).map { totals[first + Int64($0)] ?? 0 }.max() ?? 1)
    let barWidth = max(10, min(50, width - 30))
    for offset in 0..<days {
      let day = first + Int64(offset)
      let value = totals[day] ?? 0
      let length = max(0, Int((Double(value) / Double(most) * Double(barWidth)).rounded()))
      let label = PlainText.padded(Self.label(day), to: 11)
      let bar = PlainText.padded(String(repeating: "█", count: length), to: barWidth)
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
          groups[name, default: (0, 0)].active = groups[name, default: (0, 0)].active
            .saturatingAdding(session.activeMilliseconds)
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

  /// `Mon 30 Nov`: a day's label.
  static func label(_ day: Int64) -> String {
    let date = LocalDateTime(localSeconds: day * 86_400)
    return
      "\(TimeFormat.weekdayName(date.weekday, abbreviated: true)) \(date.day) \(TimeFormat.monthName(date.month, abbreviated: true))"
  }

  /// "4h12m", "35m", "0m".
  static func hours(_ milliseconds: Int64) -> String {
    let minutes = milliseconds / 60_000
    if minutes == 0, milliseconds > 0 { return "\(milliseconds / 1000)s" }
    return minutes >= 60 ? "\(minutes / 60)h\(minutes % 60)m" : "\(minutes)m"
  }
}
