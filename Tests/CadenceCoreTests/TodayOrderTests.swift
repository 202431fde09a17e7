import CadenceCore
import CadenceTime
import Foundation
import Testing

/// Seed 003's "Today's Tasks": which tasks a day lists and in what order.
struct TodayOrderTests {
  struct Task: PlannedTask, Equatable {
    var name: String
    var priority = 5
    var deadline: String?
    var weekdays = 0x7F
    var done = false
  }

  let tasks = [
    Task(name: "essay", priority: 8, deadline: "2026-12-18"),
    Task(name: "Bake", priority: 8),
    Task(name: "gym", priority: 3, deadline: "2026-12-02", weekdays: 0x1F),
    Task(name: "read", priority: 10, done: true),
    Task(name: "walk", priority: 1, deadline: "2026-12-02"),
    Task(name: "garden", priority: 9, weekdays: 0x60),
  ]

  @Test func byPriorityHighestFirstThenByNameInAnyCase() {
    let monday = Weekdays.day(0)
    #expect(
      TodayOrder.priority.tasks(tasks, on: monday).map(\.name) == ["Bake", "essay", "gym", "walk"])
  }

  @Test func byDeadlineEarliestFirstAndNoneLast() {
    let monday = Weekdays.day(0)
    #expect(
      TodayOrder.deadline.tasks(tasks, on: monday).map(\.name) == ["gym", "walk", "essay", "Bake"])
  }

  @Test func aDayListsOnlyTheTasksOfItsWeekdayNotDone() {
    let sunday = Weekdays.day(6)
    #expect(
      TodayOrder.priority.tasks(tasks, on: sunday).map(\.name) == [
        "garden", "Bake", "essay", "walk",
      ])
  }

  @Test func theWeekdayOfALocalDay() {
    // 2026-12-07 is a Monday; 2026-12-13 a Sunday.
    #expect(TodayOrder.weekday(of: LocalDateTime(year: 2026, month: 12, day: 7)) == .day(0))
    #expect(TodayOrder.weekday(of: LocalDateTime(year: 2026, month: 12, day: 13)) == .day(6))
  }

  @Test func anotherDayIsDrawnAtItsMiddayTodayAtNow() {
    let zone = Zone.utc
    let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 01:33:20 UTC
    #expect(TodayOrder.instant(day: nil, now: now, timeZone: zone) == now)
    let today = Date(timeIntervalSince1970: 1_795_996_800)  // 2026-11-30 00:00 UTC
    #expect(TodayOrder.instant(day: today, now: now, timeZone: zone) == now)
    let later = today.addingTimeInterval(7 * 86_400)
    #expect(
      TodayOrder.instant(day: later, now: now, timeZone: zone)
        == later.addingTimeInterval(12 * 3600))
  }
}
