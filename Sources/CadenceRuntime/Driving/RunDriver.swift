import CadenceCore
import CadenceStore
import Dispatch
import FoundationEssentials
import Synchronization

/// One run in real time: a schedule, an optional hook caller, a clock, a recorder and any
/// number of outputs. The runner keeps time on the thread that calls `run`; hooks are called,
/// and outputs fed, on one serial queue off the timing path; the recorder writes on a queue of
/// its own.
///
/// One shortcut: when nothing waits on the queue and no event of an update has a hook to
/// call, the timing thread narrates the update itself and feeds the outputs that never wait
/// (the control socket, which hands it to its own thread without waiting) at once, so that a
/// subscriber hears of an event with only that thread to wake on the way; the other outputs
/// get it on the queue as ever. Order holds: only the
/// timing thread queues updates, and it takes the shortcut only when none is queued.
///
/// Production passes `ContinuousClock` and a `ContinuousAlarm` (the system's timer); tests pass
/// a `ManualClock` and its `ManualAlarm`.
public final class RunDriver<C: Clock>: @unchecked Sendable where C.Duration == Duration {
  /// Where a resumed run picks up: the engine replayed to now, its offset into the run, and
  /// the record it carries on.
  public struct Resumption: Sendable {
    public var engine: Engine
    public var offset: Int64
    public var runID: Int64

    public init(engine: Engine, offset: Int64, runID: Int64) {
      self.engine = engine
      self.offset = offset
      self.runID = runID
    }
  }

  /// How a run ended.
  public struct Ending: Sendable {
    public var engine: Engine
    /// Milliseconds into the run when the runner last read its clock: the run's end, on the
    /// monotonic clock.
    public var reached: Int64
    /// A sentence spelling out a session that could not be saved.
    public var unsaved: String?
    /// The session the run ended as (saved or not), when it was recorded.
    public var session: SessionRecord?
  }

  public let schedule: Schedule
  public let identity: RunIdentity
  public let startWall: Date
  let clock: C
  private let resumption: Resumption?
  private let recorder: RunRecorder?
  private let narrator: EventNarrator
  private let queue = DispatchQueue(label: "cadence.present", qos: .userInteractive)
  private let runner: EngineRunner<C>
  private let hooks: HookCaller?
  /// Blocks on `queue` not yet done.
  private let queued = Atomic<Int>(0)
  /// The outputs that never wait, then the others, each in the order given.
  private let immediate: [RunOutput]
  private let waiting: [RunOutput]
  /// What the runner told last: the engine and the instant the run started on the clock, and
  /// the milliseconds it had reached.
  private let progress = Mutex<(latest: (engine: Engine, start: C.Instant)?, reached: Int64)>(
    (nil, 0))

  /// A run of `schedule` recorded as `identity`, on `clock`, waiting on `alarm`; `recorder`
  /// nil records nothing.
  public init(
    schedule: Schedule, identity: RunIdentity, hooks: HookCaller?, clock: C,
    alarm: any RunAlarm<C.Instant>, outputs: [RunOutput], recorder: RunRecorder?,
    startWall: Date, resumption: Resumption? = nil
  ) {
    self.schedule = schedule
    self.identity = identity
    self.clock = clock
    immediate = outputs.filter(\.neverWaits)
    waiting = outputs.filter { !$0.neverWaits }
    self.hooks = hooks
    self.recorder = recorder
    self.startWall = startWall
    self.resumption = resumption
    narrator = EventNarrator(hooks: hooks, theme: schedule.theme)
    runner = EngineRunner(schedule: schedule, clock: clock, alarm: alarm)
  }

  /// Asks the run to act (pause, skip, stop…); returns at once, from any thread.
  public func send(_ command: EngineCommand) { runner.send(command) }

  /// Shows every output a notice; returns at once.
  public func notice(_ text: String) {
    enqueue { for output in self.immediate + self.waiting { output.notice(text) } }
  }

  /// A kept run this run carries from its start (not a resumption): a task's mandatory break
  /// that its focus kept as it ended.
  public var adopting: Int64?

  /// Runs to the finish or a stop, blocking the calling thread; records the session and tells
  /// every output the run is over.
  public func run() -> Ending {
    recorder?.begin(identity, resuming: resumption?.runID ?? adopting)
    let engine = runner.run(resuming: resumption?.engine, offset: resumption?.offset ?? 0) {
      received($0)
    }
    queue.sync {}
    let reached = progress.withLock { $0.reached }
    let unsaved = recorder?.finish(
      engine, identity: identity, resumed: resumption != nil, now: reached)
    queue.sync { for output in immediate + waiting { output.finish(engine, unsaved: unsaved) } }
    return Ending(engine: engine, reached: reached, unsaved: unsaved, session: recorder?.finished)
  }

  private func received(_ update: EngineRunner<C>.Update) {
    let at = ContinuousClock.now
    progress.withLock { $0 = ((update.engine, update.start), update.observed / 1000) }
    recorder?.observe(update.events, engine: update.engine)
    guard queued.load(ordering: .acquiring) == 0, !callsHooks(update) else {
      enqueue { self.present(self.narrated(update, at: at), to: self.immediate + self.waiting) }
      return
    }
    // Nothing is queued, so the narrator is this thread's until the block below is queued.
    let shown = narrated(update, at: at)
    present(shown, to: immediate)
    enqueue { self.present(shown, to: self.waiting) }
  }

  /// Whether narrating `update` would call a hook: then it is narrated on the queue.
  private func callsHooks(_ update: EngineRunner<C>.Update) -> Bool {
    guard let hooks else { return false }
    return update.events.contains { event in
      HookContext.hook(for: event, segments: update.engine.schedule.segments).map(hooks.defines)
        ?? false
    }
  }

  /// Returns once the outputs have been given everything queued so far (for tests).
  func drain() { queue.sync {} }

  private func enqueue(_ work: @escaping @Sendable () -> Void) {
    queued.add(1, ordering: .releasing)
    queue.async {
      work()
      self.queued.subtract(1, ordering: .releasing)
    }
  }

  /// The update with what Cadence says about its events, and the notices their hooks raised.
  private func narrated(_ update: EngineRunner<C>.Update, at: ContinuousClock.Instant)
    -> (update: RunUpdate, notices: [String])
  {
    var narrations: [Narration] = []
    narrations.reserveCapacity(update.events.count)
    var notices: [String] = []
    for event in update.events {
      let narration = narrator.narrate(event, engine: update.engine)
      if let failure = narration.hookFailure { notices.append(failure) }
      notices += narrator.printed().map { "\(identity.path): print: \($0)" }
      narrations.append(narration)
    }
    let shown = RunUpdate(
      narrations: narrations, engine: update.engine, observed: update.observed, observedAt: at)
    return (shown, notices)
  }

  private func present(_ shown: (update: RunUpdate, notices: [String]), to outputs: [RunOutput]) {
    for output in outputs {
      for notice in shown.notices { output.notice(notice) }
      output.present(shown.update)
    }
  }
}

extension RunDriver: RunControlling {
  public func standing() -> (engine: Engine, microseconds: Int64)? {
    progress.withLock {
      guard let latest = $0.latest else { return nil }
      return (latest.engine, EngineRunner<C>.microseconds(from: latest.start, to: clock.now))
    }
  }
}
