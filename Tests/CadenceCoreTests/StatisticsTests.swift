import CadenceCore
import Testing

/// `stats`' sums, made a session at a time, and its streaks, made a day at a time in order.
@Suite struct StatisticsTests {
  @Test(arguments: [
    // (days with a completed session, today, current, longest)
    ([Int64](), Int64(100), 0, 0),
    ([100], 100, 1, 1),
    ([99], 100, 1, 1),
    ([98], 100, 0, 1),
    ([97, 98, 99], 100, 3, 3),
    ([97, 98, 99, 100], 100, 4, 4),
    ([10, 11, 12, 13, 14, 50, 99, 100], 100, 2, 5),
    ([98, 99, 100, 101, 102, 500], 100, 3, 5),
  ])
  func streaksAreTheRunUpToTodayOrYesterdayAndTheLongestEver(
    days: [Int64], today: Int64, current: Int, longest: Int
  ) {
    var streaks = Streaks(today: today)
    for day in days {
      streaks.add(day)
      streaks.add(day)  // another session the same day changes nothing
    }
    #expect(streaks.current == current)
    #expect(streaks.longest == longest)
  }

  @Test func anEarlierDayAfterALaterOneChangesNothing() {
    var streaks = Streaks(today: 10)
    for day: Int64 in [8, 9, 10, 3] { streaks.add(day) }
    #expect(streaks.current == 3)
    #expect(streaks.longest == 3)
  }

  @Test func onlyTheDaysShownAreSummedAndEveryGroupingCounts() {
    var stats = Statistics(today: 100, days: 3)
    #expect(stats.firstDay == 98)
    func add(
      _ day: Int64, _ active: Int64, completed: Bool = true, routine: String = "focus",
      task: String? = nil, goal: String? = nil, tags: [String] = []
    ) {
      stats.add(
        day: day, active: active, completed: completed, coins: active / 60_000, routine: routine,
        task: task, goal: goal, tags: tags)
    }
    add(97, 600_000)  // before the days shown
    add(101, 600_000)  // after today
    add(98, 1_200_000, task: "Essay", goal: "Degree", tags: ["uni", "writing"])
    add(100, 600_000, completed: false, routine: "Gym", tags: ["uni"])
    add(100, .max, routine: "Gym")
    #expect(stats.count == 3)
    #expect(stats.completed == 2)
    #expect(stats.active == .max)
    #expect(stats.activeByDay == [98: 1_200_000, 100: .max])
    #expect(stats.ranked(.routine).map(\.name) == ["Gym", "focus"])
    #expect(stats.ranked(.routine).first?.total == Statistics.Total(count: 2, active: .max))
    #expect(stats.ranked(.task).map(\.name) == ["Essay"])
    #expect(stats.ranked(.goal).map(\.name) == ["Degree"])
    #expect(stats.ranked(.tag).map(\.name) == ["uni", "writing"])
    #expect(stats.ranked(.tag).first?.total.count == 2)
  }
}
