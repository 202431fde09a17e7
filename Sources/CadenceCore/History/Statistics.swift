/// What `stats` works out for its last days, a session at a time: counts, active time and
/// coins, active time by day, and time by routine, task, goal and tag. Only the sessions of
/// those days are added, and nothing of a session is kept but these sums.
///
/// Days are the local calendar's, numbered from 1970-01-01 (`LocalDateTime.dayNumber`), so
/// that a day is the next one whatever its length in hours.
public struct Statistics: Sendable {
  /// The groups time is totalled by.
  public enum Grouping: String, CaseIterable, Sendable {
    case routine = "By routine"
    case task = "By task"
    case goal = "By goal"
    case tag = "By tag"
  }

  /// A group's sessions and their active time.
  public struct Total: Sendable, Equatable {
    public var count = 0
    public var active: Int64 = 0

    public init(count: Int = 0, active: Int64 = 0) {
      self.count = count
      self.active = active
    }
  }

  /// The last day shown (today) and how many days are shown.
  public let today: Int64
  public let days: Int
  public private(set) var count = 0
  public private(set) var completed = 0
  public private(set) var active: Int64 = 0
  public private(set) var coins: Int64 = 0
  /// Active time on each day shown that has any.
  public private(set) var activeByDay: [Int64: Int64] = [:]
  public private(set) var groups: [Grouping: [String: Total]] = [:]

  public init(today: Int64, days: Int) {
    self.today = today
    self.days = max(1, days)
  }

  /// The first day shown.
  public var firstDay: Int64 { today - Int64(days - 1) }

  /// Whether `day` is one of the days shown (a session dated after today, by a clock set
  /// wrong or a row written by hand, is in none).
  public func shows(_ day: Int64) -> Bool { (firstDay...today).contains(day) }

  /// Adds a session of a day shown; one of another day is left out.
  ///
  /// `routine` is what it is counted under by routine: its routine, or its kind for a timer,
  /// a focus or a break without one.
  public mutating func add(
    day: Int64, active sessionActive: Int64, completed isCompleted: Bool, coins sessionCoins: Int64,
    routine: String, task: String?, goal: String?, tags: [String]
  ) {
    guard shows(day) else { return }
    count += 1
    if isCompleted { completed += 1 }
    active = active.saturatingAdding(sessionActive)
    coins = coins.saturatingAdding(sessionCoins)
    activeByDay[day] = (activeByDay[day] ?? 0).saturatingAdding(sessionActive)
    func tally(_ name: String, in grouping: Grouping) {
      var total = groups[grouping, default: [:]][name, default: Total()]
      total.count += 1
      total.active = total.active.saturatingAdding(sessionActive)
      groups[grouping, default: [:]][name] = total
    }
    tally(routine, in: .routine)
    if let task { tally(task, in: .task) }
    if let goal { tally(goal, in: .goal) }
    for tag in tags { tally(tag, in: .tag) }
  }

  /// A grouping's totals, the most active first (by name when equal).
  public func ranked(_ grouping: Grouping) -> [(name: String, total: Total)] {
    (groups[grouping] ?? [:]).map { (name: $0.key, total: $0.value) }.sorted {
      $0.total.active > $1.total.active
        || ($0.total.active == $1.total.active && $0.name < $1.name)
    }
  }
}
