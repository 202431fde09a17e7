import CadenceCore
import CadenceTime
import Foundation
import Testing

/// What `stats` works out: per-day totals on the local calendar, streaks, the recent days'
/// totals and the groupings.
struct SessionStatisticsTests {
  struct Session: CountedSession {
    var startedAt: Date
    var activeMilliseconds: Int64
    var completed: Bool
    var coins: Int
    var tags: [String] = []
  }

  /// 2026-12-10 12:00 UTC
  static let now = Date(timeIntervalSince1970: 1_796_904_000)

  static func on(_ daysAgo: Int, hour: Double = 10, minutes: Int64 = 25, completed: Bool = true)
    -> Session
  {
    Session(
      startedAt: now.addingTimeInterval(-Double(daysAgo) * 86_400 + (hour - 12) * 3600),
      activeMilliseconds: minutes * 60_000, completed: completed, coins: completed ? 25 : 0)
  }

  func statistics(_ sessions: [Session], zone: Zone = .utc) -> SessionStatistics<Session> {
    SessionStatistics(sessions: sessions, now: Self.now, timeZone: zone)
  }

  @Test func theStreakRunsToTodayOrYesterdayAndTheLongestIsKept() {
    let sessions = [0, 1, 2, 5, 6, 7, 8].map { Self.on($0) } + [Self.on(3, completed: false)]
    #expect(statistics(sessions).streaks == (3, 4))
    // Nothing today yet: the streak up to yesterday still counts.
    #expect(statistics([1, 2].map { Self.on($0) }).streaks == (2, 2))
    #expect(statistics([2, 3].map { Self.on($0) }).streaks == (0, 2))
    #expect(statistics([]).streaks == (0, 0))
  }

  @Test func daysAreTheLocalCalendars() throws {
    // 23:30 UTC yesterday is today in Kolkata (UTC+5:30).
    let late = Self.on(1, hour: 23.5)
    let kolkata = try #require(Zone(posixRule: "IST-5:30"))
    #expect(statistics([late]).activeByDay == [statistics([]).today - 1: 1_500_000])
    #expect(statistics([late], zone: kolkata).activeByDay == [statistics([]).today: 1_500_000])
  }

  @Test func theRecentDaysTotalsLeaveOutOlderAndFutureSessions() {
    let sessions = [
      Self.on(0), Self.on(1, minutes: 50, completed: false), Self.on(7), Self.on(-1),
    ]
    let summary = statistics(sessions).summary(days: 7)
    #expect(summary.count == 2)
    #expect(summary.active == 75 * 60_000)
    #expect(summary.completed == 1)
    #expect(summary.completedShare == 50)
    #expect(summary.coins == 25)
    #expect(statistics([]).summary(days: 14).completedShare == 0)
  }

  @Test func activeTimeSaturatesRatherThanOverflowing() {
    let huge = Session(
      startedAt: Self.now, activeMilliseconds: .max - 10, completed: true, coins: .max - 1)
    let stats = statistics([huge, huge])
    #expect(stats.activeByDay[stats.today] == .max)
    #expect(stats.summary(days: 1).coins == .max)
  }

  @Test func groupsAreMostActiveFirstThenByName() {
    var sessions = [Self.on(0, minutes: 10), Self.on(0, minutes: 30), Self.on(1, minutes: 10)]
    sessions[0].tags = ["b", "a"]
    sessions[1].tags = ["c"]
    sessions[2].tags = ["a"]
    let groups = SessionStatistics.groups(sessions) { $0.tags }
    #expect(groups.map(\.name) == ["c", "a", "b"])
    #expect(groups.map(\.count) == [1, 2, 1])
    #expect(groups.map(\.active) == [1_800_000, 1_200_000, 600_000])
  }
}
