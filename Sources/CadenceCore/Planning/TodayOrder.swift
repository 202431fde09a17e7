import CadenceTime
import FoundationEssentials

/// Seed 003's "Today's Tasks": which tasks can be worked on a day, and in what order.
public enum TodayOrder: String, Sendable, CaseIterable {
  /// Highest priority first.
  case priority
  /// Earliest deadline first; tasks without one last.
  case deadline

  /// The instant a day's list is drawn for: `now`, or midday of `day` (a day's start) when it
  /// is another day than today.
  public static func instant(day: Date?, now: Date, timeZone: Zone) -> Date {
    guard let day, timeZone.local(day).dayNumber != timeZone.local(now).dayNumber else {
      return now
    }
    return day.addingTimeInterval(12 * 3600)
  }

  /// The day of the week of `date` as a task's days name it.
  public static func weekday(of date: LocalDateTime) -> Weekdays {
    // Weekdays counts as the Gregorian calendar does: 1 is Sunday, 2 Monday.
    Weekdays.gregorian(date.weekday % 7 + 1)
  }

  /// The tasks not done that can be worked on `weekday`, in this order; ties by name, in any
  /// case.
  public func tasks<Task: PlannedTask>(_ tasks: [Task], on weekday: Weekdays) -> [Task] {
    tasks.filter { !$0.done && Weekdays(rawValue: $0.weekdays).contains(weekday) }
      .sorted(by: precedes)
  }

  /// Whether `a` comes before `b`.
  public func precedes(_ a: some PlannedTask, _ b: some PlannedTask) -> Bool {
    switch self {
    case .priority:
      if a.priority != b.priority { return a.priority > b.priority }
    case .deadline:
      let first = a.deadline ?? "9999"
      let second = b.deadline ?? "9999"
      if first != second { return first < second }
    }
    return a.name.lowercased() < b.name.lowercased()
  }
}
