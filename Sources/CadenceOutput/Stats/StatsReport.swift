import CadenceCore
import CadenceStore
import CadenceText
import CadenceTime
import FoundationEssentials

/// `stats`: totals, the coin balance, a bar a day, streaks, and time by routine, task, goal
/// and tag, read from the sessions of the days shown (one query bounded by their starts) and
/// the days with a completed session (a seek a day, never a read of every session).
public struct StatsReport {
  public let statistics: Statistics
  public let streaks: Streaks
  public let balance: Int64?

  public init(statistics: Statistics, streaks: Streaks, balance: Int64?) {
    self.statistics = statistics
    self.streaks = streaks
    self.balance = balance
  }

  /// The report of the last `days` days up to `now`'s day in `zone`.
  public static func read(
    _ store: Store, days: Int, now: Date, timeZone zone: Zone
  ) throws(StoreError) -> StatsReport {
    let table = store.sessionTable
    let today = zone.local(now).dayNumber
    var statistics = Statistics(today: today, days: days)
    // A day either side of the days shown: each session's day is worked out again, so the
    // bounds need only hold them all.
    let filter = SessionFilter(
      since: start(of: statistics.firstDay - 1, in: zone), before: start(of: today + 2, in: zone))
    try table.each(filter) { session in
      statistics.add(
        day: zone.local(session.startedAt).dayNumber, active: session.activeMilliseconds,
        completed: session.outcome == .completed, coins: Int64(session.coins),
        routine: session.routine ?? session.kind.rawValue, task: session.task, goal: session.goal,
        tags: session.tags)
      return true
    }
    var streaks = Streaks(today: today)
    var next: (instant: Date?, stored: String?) = (nil, nil)
    while let found = try table.firstCompletedStart(atOrAfter: next.instant, after: next.stored) {
      let day = zone.local(found.date).dayNumber
      streaks.add(day)
      // On to the first completed session of a later day.
      next = (start(of: day + 1, in: zone), found.stored)
    }
    return StatsReport(statistics: statistics, streaks: streaks, balance: try store.coins.balance())
  }

  /// The instant local day `day` begins in `zone`.
  static func start(of day: Int64, in zone: Zone) -> Date {
    zone.date(of: LocalDateTime(localSeconds: day * 86_400))
  }

  /// The report as `stats` prints it, bars at most `width` columns wide in all.
  public func render(width: Int) -> String {
    let stats = statistics
    let days = stats.days
    var lines: [String] = []
    let share = stats.count == 0 ? 0 : stats.completed * 100 / stats.count
    lines.append(
      "Last \(days) day\(days == 1 ? "" : "s"): \(stats.count) session\(stats.count == 1 ? "" : "s"), \(Self.hours(stats.active)) active, \(stats.completed) completed (\(share)%)"
    )
    let (current, longest) = (streaks.current, streaks.longest)
    lines.append(
      "Streak: \(current) day\(current == 1 ? "" : "s") now, longest \(longest) day\(longest == 1 ? "" : "s")"
    )
    if let balance {
      lines.append("Coins: \(balance) (\(stats.coins) earned in these days)")
    }
    lines.append("")
    let first = stats.firstDay
    let totals = stats.activeByDay
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
    for grouping in Statistics.Grouping.allCases {
      let ranked = stats.ranked(grouping)
      guard !ranked.isEmpty else { continue }
      lines.append("")
      lines.append(grouping.rawValue + ":")
      let rows = ranked.map {
        [
          $0.name, "\($0.total.count) session\($0.total.count == 1 ? "" : "s")",
          Self.hours($0.total.active),
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
