/// Streaks of days with a completed session, worked out from those days in ascending order,
/// one at a time: the current streak (the days in a row up to today, or up to yesterday when
/// today has none yet) and the longest ever.
public struct Streaks: Sendable, Equatable {
  public let today: Int64
  public private(set) var longest = 0
  private var previous: Int64?
  private var run = 0
  private var runToToday: Int?
  private var runToYesterday: Int?

  public init(today: Int64) { self.today = today }

  /// Adds a day with a completed session; days come in ascending order (a day again, or an
  /// earlier one, changes nothing).
  public mutating func add(_ day: Int64) {
    if let previous, day <= previous { return }
    run = previous.map { $0 + 1 == day } ?? false ? run + 1 : 1
    longest = max(longest, run)
    if day == today { runToToday = run }
    if day == today - 1 { runToYesterday = run }
    previous = day
  }

  public var current: Int { runToToday ?? runToYesterday ?? 0 }
}
