/// When a focus pauses itself for idleness and when its person is back, from readings of how
/// long they have been idle: pure, on a clock it is given (a manual one in the tests).
///
/// A reading of `idle` at `now` means the person was last active at `now − idle`. Once that is
/// the threshold or more ago, the focus pauses as of that moment (backdated: the time the
/// person was away never counts, however late the reading came). While away, a reading that
/// is clearly less than the time since they went is activity: they are back, as of
/// `now − idle`.
///
/// It also says when to read next: while the person is active, not before the threshold could
/// first be reached (`threshold − idle`), and never more often than `shortest` nor less often
/// than `longest`; while away, every `shortest`, to see them back soon.
public struct IdlePolicy<C: Clock>: Sendable where C.Duration == Duration, C: Sendable {
  public enum Decision: Sendable, Equatable {
    /// Nothing to do.
    case none
    /// Pause, backdated by `idle`: the person has been idle that long.
    case pause(idle: Duration)
    /// The person is back after `away` (from when they went to their first activity).
    case back(away: Duration)
    /// Someone resumed the focus by hand while it was paused for idleness.
    case resumedByHand
  }

  public let threshold: Duration
  public let clock: C
  /// When the person went away, while the focus is paused for it.
  public private(set) var awaySince: C.Instant?

  public init(threshold: Duration, clock: C) {
    self.threshold = threshold
    self.clock = clock
  }

  /// The shortest wait between two readings: 2 seconds (less only for a threshold under 4 s,
  /// which only the tests use).
  public var shortest: Duration { min(.seconds(2), threshold / 2) }
  /// The longest wait between two readings when nothing says it could be longer: a minute,
  /// or the threshold if that is shorter.
  public var longest: Duration { min(.seconds(60), threshold) }
  /// How much less than the time away a reading must be to count as activity: readings are
  /// taken by starting a program, which takes a moment.
  var slack: Duration { min(.seconds(1), threshold / 3) }

  /// What to do after reading `idle` (nil: no reading this time) while the focus is
  /// `running` (false: paused, by the user or for idleness).
  public mutating func observe(_ idle: Duration?, running: Bool) -> Decision {
    let now = clock.now
    if let since = awaySince {
      if running {
        awaySince = nil
        return .resumedByHand
      }
      guard let idle, idle + slack < since.duration(to: now) else { return .none }
      awaySince = nil
      let returned = now.advanced(by: .zero - idle)
      return .back(away: max(.zero, since.duration(to: returned)))
    }
    guard running, let idle, idle >= threshold else { return .none }
    awaySince = now.advanced(by: .zero - idle)
    return .pause(idle: idle)
  }

  /// How long to wait before the next reading, after `idle` was read (nil: none could be)
  /// while the focus was `running`.
  public func delay(after idle: Duration?, running: Bool) -> Duration {
    if awaySince != nil { return shortest }
    guard running, let idle else { return longest }
    return min(longest, max(shortest, threshold - idle))
  }
}
