import Synchronization

/// A clock that moves only when told to: tests and simulations advance it and every sleeper
/// whose deadline has come wakes, in deadline order. A sleeper is a task (`sleep(until:)`) or
/// a thread blocked in a `ManualAlarm`.
public final class ManualClock: Clock, Sendable {
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// How a sleeper is woken.
  enum Waking: Sendable {
    case task(CheckedContinuation<Void, any Error>)
    case alarm(ManualAlarm)

    func wake() {
      switch self {
      case .task(let continuation): continuation.resume()
      case .alarm(let alarm): alarm.ring()
      }
    }
  }

  private struct Sleeper {
    var deadline: Instant
    var waking: Waking
  }

  private struct State: ~Copyable {
    var current = Instant()
    var sleepers: [UInt64: Sleeper] = [:]
    var nextIdentifier: UInt64 = 0
    /// Tasks waiting in `sleeping()` for something to sleep.
    var watchers: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  public init() {}

  public var now: Instant { state.withLock { $0.current } }
  public var minimumResolution: Duration { .zero }

  /// How many tasks and alarms are asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Returns once something sleeps on this clock (at once if something does): a test calls it
  /// before advancing, so that a runner has armed its next deadline.
  public func sleeping() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let asleep = state.withLock { state in
        if !state.sleepers.isEmpty { return true }
        state.watchers.append(continuation)
        return false
      }
      if asleep { continuation.resume() }
    }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let identifier = state.withLock { state in
      state.nextIdentifier += 1
      return state.nextIdentifier
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        if !enroll(identifier, deadline: deadline, waking: .task(continuation)) {
          continuation.resume()
        }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: identifier) }
      if case .task(let continuation) = sleeper?.waking {
        continuation.resume(throwing: CancellationError())
      }
    }
  }

  /// Registers an alarm's thread as a sleeper until `deadline`; nil when the deadline has come
  /// already (the thread does not sleep), else the identifier to `withdraw` it by.
  func enroll(_ alarm: ManualAlarm, until deadline: Instant) -> UInt64? {
    let identifier = state.withLock { state in
      state.nextIdentifier += 1
      return state.nextIdentifier
    }
    return enroll(identifier, deadline: deadline, waking: .alarm(alarm)) ? identifier : nil
  }

  /// Takes back a sleeper that woke for another reason (a ring).
  func withdraw(_ identifier: UInt64) {
    _ = state.withLock { $0.sleepers.removeValue(forKey: identifier) }
  }

  /// Adds a sleeper unless its deadline has come; false when it has.
  private func enroll(_ identifier: UInt64, deadline: Instant, waking: Waking) -> Bool {
    let watchers: [CheckedContinuation<Void, Never>]? = state.withLock { state in
      if deadline <= state.current { return nil }
      state.sleepers[identifier] = Sleeper(deadline: deadline, waking: waking)
      defer { state.watchers.removeAll() }
      return state.watchers
    }
    guard let watchers else { return false }
    for watcher in watchers { watcher.resume() }
    return true
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has come, earliest first.
  public func advance(by duration: Duration) {
    let woken: [Sleeper] = state.withLock { state in
      state.current = state.current.advanced(by: duration)
      let now = state.current
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for key in due.keys { state.sleepers.removeValue(forKey: key) }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in woken { sleeper.waking.wake() }
  }
}
