import CadenceCore
import Dispatch
import Synchronization

/// Watches for the person going away from a focus while it counts: reads an idle source now
/// and then, on a queue of its own and never on the run's timing thread, pauses the run
/// (backdated to when they went) when `IdlePolicy` says so, and resumes it when they are back.
/// What becomes of the idle time is then asked (the views that answer: `asking`, answered with
/// `answer`) or applied from the `idle.return` setting (nobody to ask, no view open when the
/// person is back, or none left before it answered: `unwatched`). Each problem with the source
/// is told once; with no source at all, one sentence says why and the watch stops.
public final class IdleWatch: Sendable {
  /// How the person is asked about the idle time on their return.
  public enum Asking: Sendable {
    /// Nobody to ask: the setting is applied and said.
    case apply(IdleReturn)
    /// The views that answer, if any is open: `put` is called with the time away when the
    /// question is put, and says whether a view that answers was there to be asked (when none
    /// was, the setting is applied); with nil when the question is gone. While the question is
    /// open, `unwatched` applies the setting once the last view that answers has gone.
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
  }

  private let run: any IdleRun
  private let asking: Asking
  private let queue = DispatchQueue(label: "cadence.idle", qos: .utility)
  private let state: Mutex<State>
  /// The idle time the views are asked about, in milliseconds, while the question is open.
  /// Putting it, taking it back and answering it happen under this lock, each whole: the time
  /// away is credited or discarded exactly once, and a question taken back is never put after.
  private let question = Mutex<Int64?>(nil)

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
    state.withLock { $0.stopped = true }
    question.withLock { $0 = nil }
  }

  /// Answers the question put on return: keep the idle time as focus, or discard it. False
  /// when no question is open (it was answered already, or the setting applied).
  @discardableResult
  public func answer(_ choice: IdleReturn) -> Bool {
    settle(choice, answered: true)
  }

  /// The last view that could answer the open question has gone (detached, its connection
  /// dropped, its terminal closed): the setting is applied, as when nobody was there to ask.
  /// False when no question is open.
  @discardableResult
  public func unwatched() -> Bool {
    guard case .askIfWatched(_, let otherwise) = asking else { return false }
    return settle(otherwise, answered: false)
  }

  /// Takes the open question away from the views and credits or discards its time, saying
  /// which and why; false when none is open. Only one of any number of calls at once finds it.
  private func settle(_ choice: IdleReturn, answered: Bool) -> Bool {
    let taken = question.withLock { question -> Int64? in
      guard let away = question else { return nil }
      question = nil
      withdraw()
      return away
    }
    guard let away = taken else { return false }
    if choice == .keep { run.send(.credit(away)) }
    let said = Duration.milliseconds(away)
    run.notice(
      answered ? IdleText.answered(choice, away: said) : IdleText.applied(choice, away: said))
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
      // Away again before answering: the question lapses, and the time stays out.
      question.withLock { question in
        if question != nil { withdraw() }
        question = nil
      }
      run.send(.pauseBackdated(Self.milliseconds(idle)))
      run.notice(IdleText.paused(idle: idle))
    case .back:
      // The idle time is the run's pause as it stands, to the millisecond.
      var away: Int64 = 0
      if case .paused(let since) = standing.engine.state {
        away = max(0, standing.microseconds / 1000 - since)
      }
      run.send(.resume)
      returned(after: away)
    case .resumedByHand:
      return
    }
  }

  /// The person is back after `away` milliseconds: the views that answer are asked what
  /// becomes of them, or the setting is applied.
  func returned(after away: Int64) {
    switch asking {
    case .apply(let choice):
      apply(choice, away: away)
    case .askIfWatched(let put, let choice):
      // Put and, with nobody to ask, taken back in one step: an answer waits for it.
      let unasked = question.withLock { question -> Bool in
        question = away
        guard !put(.milliseconds(away)) else { return false }
        question = nil
        _ = put(nil)
        return true
      }
      if unasked { apply(choice, away: away) }
    }
  }

  /// Applies `choice` to the `away` milliseconds without asking, and says so.
  private func apply(_ choice: IdleReturn, away: Int64) {
    if choice == .keep { run.send(.credit(away)) }
    run.notice(IdleText.applied(choice, away: .milliseconds(away)))
  }

  /// Takes the question away from whoever was asked (under the question's lock).
  private func withdraw() {
    if case .askIfWatched(let put, _) = asking { _ = put(nil) }
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
