import CadenceTime
import FoundationEssentials

/// What `stats` works out from the sessions: per-day totals, streaks and groupings.
///
/// Days are the local calendar's, numbered from 1970-01-01, so that a day is the next one
/// whatever its length in hours.
public struct SessionStatistics<Session: CountedSession> {
  public let sessions: [Session]
  public let now: Date
  public let zone: Zone

  public init(sessions: [Session], now: Date, timeZone: Zone) {
    self.sessions = sessions
    self.now = now
    self.zone = timeZone
  }

  /// The local day an instant falls on.
  public func day(_ date: Date) -> Int64 { zone.local(date).dayNumber }

  /// Today's number.
  public var today: Int64 { day(now) }

  /// Active time per local day.
  public var activeByDay: [Int64: Int64] {
    var totals: [Int64: Int64] = [:]
    for session in sessions {
      let key = day(session.startedAt)
      totals[key] = (totals[key] ?? 0).saturatingAdding(session.activeMilliseconds)
    }
    return totals
  }

  /// Days with at least one completed session.
  public var completedDays: Set<Int64> {
    Set(sessions.filter(\.completed).map { day($0.startedAt) })
  }

  /// Consecutive days with a completed session up to today (or yesterday, if today has none
  /// yet), and the longest such run ever.
  public var streaks: (current: Int, longest: Int) {
    let days = completedDays
    let today = today
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

  /// The first of the last `days` days, today being the last.
  public func firstDay(of days: Int) -> Int64 { today - Int64(days - 1) }

  /// The sessions started in the last `days` days; one dated after today (a clock set wrong,
  /// or a row written by hand) is in none of them.
  public func recent(days: Int) -> [Session] {
    let range = firstDay(of: days)...today
    return sessions.filter { range.contains(day($0.startedAt)) }
  }

  /// The totals of some sessions.
  public struct Summary: Equatable, Sendable {
    public var count: Int
    public var active: Int64
    public var completed: Int
    /// The share completed, in whole per cent (rounded down); 0 with no session.
    public var completedShare: Int
    public var coins: Int
  }

  /// The totals of the last `days` days.
  public func summary(days: Int) -> Summary {
    let recent = recent(days: days)
    let completed = recent.filter(\.completed).count
    return Summary(
      count: recent.count, active: recent.saturatingSum(\.activeMilliseconds),
      completed: completed, completedShare: recent.isEmpty ? 0 : completed * 100 / recent.count,
      coins: recent.saturatingSum(\.coins))
  }

  /// One group of sessions: a routine's, a task's, a goal's or a tag's.
  public struct Group: Equatable, Sendable {
    public var name: String
    public var count: Int
    public var active: Int64
  }

  /// `sessions` grouped under each name `key` gives a session (none, one or several), most
  /// active time first, then by name.
  public static func groups(_ sessions: [Session], by key: (Session) -> [String]) -> [Group] {
    var groups: [String: (count: Int, active: Int64)] = [:]
    for session in sessions {
      for name in key(session) {
        groups[name, default: (0, 0)].count += 1
        groups[name, default: (0, 0)].active = groups[name, default: (0, 0)].active
          .saturatingAdding(session.activeMilliseconds)
      }
    }
    return groups.map { Group(name: $0.key, count: $0.value.count, active: $0.value.active) }
      .sorted { $0.active > $1.active || ($0.active == $1.active && $0.name < $1.name) }
  }
}
