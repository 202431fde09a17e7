import Foundation

/// A clock that moves only when told to: tests and simulations advance it and every sleeper
/// whose deadline has come wakes, in deadline order.
public final class ManualClock: Clock, @unchecked Sendable {
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant()
  private var sleepers: [UInt64: Sleeper] = [:]
  private var nextIdentifier: UInt64 = 0

  public init() {}

  public var now: Instant { lock.withLock { current } }
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let identifier: UInt64 = lock.withLock {
      nextIdentifier += 1
      return nextIdentifier
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let wakeNow: Bool = lock.withLock {
          if deadline <= current { return true }
          sleepers[identifier] = Sleeper(deadline: deadline, continuation: continuation)
          return false
        }
        if wakeNow { continuation.resume() }
      }
    } onCancel: {
      let sleeper = lock.withLock { sleepers.removeValue(forKey: identifier) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has come, earliest first.
  public func advance(by duration: Duration) {
    let woken: [Sleeper] = lock.withLock {
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.value.deadline <= current }
      for key in due.keys { sleepers.removeValue(forKey: key) }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }
}
