import CadenceCore
import Dispatch
import Synchronization

/// Watches for the person going away from a focus while it counts: reads an idle source now
/// and then, on a queue of its own and never on the run's timing thread, pauses the run
/// (backdated to when they went) when `IdlePolicy` says so, and resumes it when they are back.
/// What becomes of the idle time is then asked (a view: `asking`, answered with `answer`) or
/// applied from the `idle.return` setting (nobody to ask, or no view attached to a run in the
/// background). Each problem with the source is told once; with no
/// source at all, one sentence says why and the watch stops.
public final class IdleWatch: Sendable {
  /// How the person is asked about the idle time on their return.
  public enum Asking: Sendable {
    /// Nobody to ask: the setting is applied and said.
    case apply(IdleReturn)
    /// A view asks: called with the time away when the question is put, nil when it is gone.
    case ask(@Sendable (Duration?) -> Void)
    /// The views attached from elsewhere ask, if there are any: called as for `ask`, it says
    /// whether any view was there to be asked; when none was, the setting is applied.
    case askIfWatched(@Sendable (Duration?) -> Bool, otherwise: IdleReturn)
  }

  private struct State: Sendable {
    var policy: IdlePolicy<ContinuousClock>
    /// The source that answered, once one has.
    var source: IdleSource?
    /// Sources still to try before one has answered.
    var untried: [IdleSource]
    var reasons: [String]
    /// Whether a failure of the source has been told (once is enough).
    var toldFailure = false
    var stopped = false
    /// The idle time the view is asking about, in milliseconds.
    var question: Int64?
  }

  private let run: any IdleRun
  private let asking: Asking
  private let queue = DispatchQueue(label: "cadence.idle", qos: .utility)
  private let state: Mutex<State>

  /// A watch over `run` with `settings`, reading the sources `environment` offers.
  public init(
    settings: IdleSettings, environment: [String: String], run: any IdleRun, asking: Asking
  ) {
    let found = IdleSource.candidates(command: settings.command, environment: environment)
    self.run = run
    self.asking = asking
    state = Mutex(
      State(
        policy: IdlePolicy(threshold: settings.threshold, clock: ContinuousClock()),
        untried: found.sources, reasons: found.missing))
  }

  /// Takes the first reading now (off the caller's thread); later ones follow by themselves.
  public func start() {
    queue.async { self.poll() }
  }

  /// Stops watching; a reading under way is let finish and ignored.
  public func stop() {
    state.withLock {
      $0.stopped = true
      $0.question = nil
    }
  }

  /// Answers the question put on return: keep the idle time as focus, or discard it. False
  /// when no question is open.
  @discardableResult
  public func answer(_ choice: IdleReturn) -> Bool {
    guard
      let away = state.withLock({ state -> Int64? in
        defer { state.question = nil }
        return state.question
      })
    else { return false }
    withdraw()
    if choice == .keep { run.send(.credit(away)) }
    run.notice(IdleText.answered(choice, away: .milliseconds(away)))
    return true
  }

  private func poll() {
    guard !state.withLock({ $0.stopped }) else { return }
    guard let standing = run.standing() else {
      // The run has not started yet.
      schedule(after: .milliseconds(200))
      return
    }
    if standing.engine.isOver { return }
    let running = standing.engine.state == .running
    let away = state.withLock { $0.policy.awaySince != nil }
    var reading: Duration?
    if running || away {
      switch read() {
      case .unavailable: return
      case .reading(let idle): reading = idle
      }
    }
    let observed = state.withLock { state -> (Decision, Duration)? in
      guard !state.stopped else { return nil }
      let decision = state.policy.observe(reading, running: running)
      return (decision, state.policy.delay(after: reading, running: running))
    }
    guard let (decision, delay) = observed else { return }
    act(decision, standing: run.standing() ?? standing)
    schedule(after: delay)
  }

  private enum Outcome {
    /// How long the person has been idle; nil when the source failed this time.
    case reading(Duration?)
    /// No source at all: said once, and the watch stops.
    case unavailable
  }

  /// One reading: from the source that answered before, or the first that answers now.
  private func read() -> Outcome {
    let source = state.withLock { state -> IdleSource? in
      if let source = state.source { return source }
      return state.untried.isEmpty ? nil : state.untried.removeFirst()
    }
    guard let source else {
      let reasons = state.withLock { state in
        state.stopped = true
        return state.reasons
      }
      run.notice(IdleSource.unavailable(reasons))
      return .unavailable
    }
    let reading = source.read()
    switch reading {
    case .idle(let idle):
      state.withLock { $0.source = source }
      return .reading(idle)
    case .failed(let why):
      let (first, told) = state.withLock { state -> (Bool, Bool) in
        guard state.source == nil else {
          defer { state.toldFailure = true }
          return (false, state.toldFailure)
        }
        state.reasons.append(why)
        return (true, true)
      }
      // A source that never answered gives way to the next one at once.
      if first { return read() }
      if !told { run.notice(why + ".") }
      return .reading(nil)
    }
  }

  typealias Decision = IdlePolicy<ContinuousClock>.Decision

  private func act(
    _ decision: Decision,
    standing: (engine: Engine, microseconds: Int64)
  ) {
    switch decision {
    case .none:
      return
    case .pause(let idle):
      let lapsed = state.withLock { state -> Bool in
        defer { state.question = nil }
        return state.question != nil
      }
      if lapsed { withdraw() }
      run.send(.pauseBackdated(Self.milliseconds(idle)))
      run.notice(IdleText.paused(idle: idle))
    case .back:
      // The idle time is the run's pause as it stands, to the millisecond.
      var away: Int64 = 0
      if case .paused(let since) = standing.engine.state {
        away = max(0, standing.microseconds / 1000 - since)
      }
      run.send(.resume)
      switch asking {
      case .apply(let choice):
        apply(choice, away: away)
      case .ask(let put):
        state.withLock { $0.question = away }
        put(.milliseconds(away))
      case .askIfWatched(let put, let choice):
        state.withLock { $0.question = away }
        if !put(.milliseconds(away)) {
          // Nobody to ask: the question is taken back from where it was kept.
          state.withLock { $0.question = nil }
          _ = put(nil)
          apply(choice, away: away)
        }
      }
    case .resumedByHand:
      return
    }
  }

  /// Applies `choice` to the `away` milliseconds without asking, and says so.
  private func apply(_ choice: IdleReturn, away: Int64) {
    if choice == .keep { run.send(.credit(away)) }
    run.notice(IdleText.applied(choice, away: .milliseconds(away)))
  }

  /// Takes the question away from whoever was asked.
  private func withdraw() {
    switch asking {
    case .apply: break
    case .ask(let put): put(nil)
    case .askIfWatched(let put, _): _ = put(nil)
    }
  }

  private func schedule(after delay: Duration) {
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { self.poll() }
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
