import CadenceCore
import CadenceStore
import CadenceSystem
import Dispatch
import FoundationEssentials

/// Keeps a run's record in the database while it runs: the run itself (so `resume` can pick
/// it up after a kill), the user's actions, a heartbeat, and the session at the end. Opening
/// and writing happen on a queue of their own, so a slow, locked or broken database never holds
/// up the timing. A write that fails is reported once and the run goes on; a session that could
/// not be saved is spelt out at the end rather than dropped; a database deleted during the run
/// is made afresh and the run recorded in it.
public final class RunRecorder: @unchecked Sendable {
  public static let heartbeatSeconds = 30

  private let queue = DispatchQueue(label: "cadence.record")
  private let path: String
  private let notice: @Sendable (String) -> Void
  public let startWall: Date

  // Touched only on `queue`.
  private var store: Store?
  private var runID: Int64?
  private var reported = false
  private var heartbeat: DispatchSourceTimer?
  private var start: (() throws(StoreError) -> Int64?)?
  private var actions: [ActiveRun.Action] = []

  /// The run that follows this one when it ends, kept in the same transaction as its session
  /// (a task's mandatory break after its focus): given how the run ended and where (in
  /// milliseconds from its start), the run to keep, or nil for none. Set before `begin`.
  public var following: (@Sendable (Engine, Int64) -> ActiveRun?)?
  /// The id the following run was kept under, once `finish` has kept it.
  public private(set) var followedBy: Int64?
  /// The session the run ended as, once `finish` has made it (saved or not).
  public private(set) var finished: SessionRecord?

  /// The wall clock the heartbeat reads.
  private let clock: WallClock

  /// Records into the database at `path`; `notice` shows the user what went wrong.
  public init(
    path: String, startWall: Date, clock: WallClock = .system,
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.clock = clock
    self.startWall = startWall
    self.notice = notice
  }

  /// Opens the database and records the start of a new run, or takes over the record of a
  /// resumed one; returns at once.
  public func begin(_ identity: RunIdentity, resuming run: Int64?) {
    let startedAt = Timestamp.milliseconds(startWall)
    let (file, source, overrides) = (identity.path, identity.source, identity.parameters)
    let details = identity.details
    let hash = RoutineHash.hex(source)
    queue.async {
      do throws(StoreError) {
        self.store = try Store(path: self.path)
      } catch {
        self.reported = true
        self.notice("\(error.description); this run will not be recorded.")
        return
      }
      self.start = { [unowned self] () throws(StoreError) in
        try self.store?.beginRun(
          path: file, source: source, hash: hash, parameters: overrides, startedAt: startedAt,
          pid: Processes.current, details: details)
      }
      if let run {
        self.runID = run
        self.attempt { () throws(StoreError) in
          try self.store?.heartbeat(run: run, at: Timestamp.milliseconds(self.clock.now()))
        }
      } else {
        self.runID = self.attempt { () throws(StoreError) in try self.start?() } ?? nil
      }
      self.startHeartbeat()
    }
  }

  private func startHeartbeat() {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + .seconds(Self.heartbeatSeconds),
      repeating: .seconds(Self.heartbeatSeconds),
      leeway: .seconds(2))
    timer.setEventHandler { [weak self] in
      guard let self else { return }
      self.keepInPlace(rebeginning: true)
      guard let runID = self.runID else { return }
      self.attempt { () throws(StoreError) in
        try self.store?.heartbeat(run: runID, at: Timestamp.milliseconds(self.clock.now()))
      }
    }
    timer.resume()
    heartbeat = timer
  }

  /// Records the user's actions among `events`.
  public func observe(_ events: [EngineEvent], engine: Engine) {
    let actions = events.compactMap { engine.recordedAction(for: $0) }.filter { $0.name != "stop" }
    guard !actions.isEmpty else { return }
    let base = Timestamp.milliseconds(startWall)
    queue.async {
      for action in actions {
        let record = ActiveRun.Action(
          at: base + action.at, action: action.name, amount: action.amount)
        self.actions.append(record)
        guard let runID = self.runID else { continue }
        self.attempt { () throws(StoreError) in try self.store?.recordAction(run: runID, record) }
      }
    }
  }

  /// Records the session and forgets the run. Returns a sentence spelling the session out
  /// when it could not be saved, for the user to see after the run.
  public func finish(_ engine: Engine, identity: RunIdentity, resumed: Bool, now: Int64)
    -> String?
  {
    queue.sync {
      heartbeat?.cancel()
      var session = Self.session(
        engine: engine, identity: identity, startWall: startWall, end: now, resumed: resumed)
      session.task = identity.task
      finished = session
      keepInPlace(rebeginning: false)
      let next = following?(engine, now)
      let saved: Int64?? = attempt { () throws(StoreError) in
        try self.store.map { store throws(StoreError) in
          guard let next else {
            return try store.finishRun(runID, session: session, midway: Self.midway)
          }
          let id = try store.finishRun(runID, session: session, then: next)
          self.followedBy = id
          return id
        }
      }
      if case .some(.some) = saved { return nil }
      return Self.unsaved(session)
    }
  }

  /// When the database file has gone (deleted, or replaced) since it was opened, opens a new
  /// one at the same path, and (during the run) records the run in it again.
  private func keepInPlace(rebeginning: Bool) {
    guard let current = store, !current.isStillInPlace else { return }
    do {
      store = try Store(path: path)
      notice(
        "\(path): the database was deleted during the run; a new one was made there and this run is recorded in it."
      )
    } catch {
      store = nil
      report(error)
      return
    }
    runID = nil
    guard rebeginning, let id = attempt({ () throws(StoreError) in try start?() }) ?? nil else {
      return
    }
    runID = id
    for action in actions {
      attempt { () throws(StoreError) in try store?.recordAction(run: id, action) }
    }
  }

  /// A pause in the middle of the last write, for the test that kills a run there; only in
  /// debug builds, from CADENCE_TEST_PAUSE_IN_FINISH_MS.
  static let midway: (@Sendable () -> Void)? = {
    #if DEBUG
      if let text = ProcessEnvironment.value("CADENCE_TEST_PAUSE_IN_FINISH_MS"),
        let milliseconds = UInt32(text)
      {
        return { MonotonicClock.sleep(milliseconds: Int(milliseconds)) }
      }
    #endif
    return nil
  }()

  /// The sentence for a session that could not be saved: enough to note it down by hand.
  static func unsaved(_ session: SessionRecord) -> String {
    let start = Timestamp.string(session.startedAt)
    let active = DurationText.format(session.activeMilliseconds)
    let planned = DurationText.format(session.plannedMilliseconds)
    return
      "Not saved: \(session.routine ?? "a session") from \(start), \(active) of \(planned), \(session.outcome.rawValue), \(session.segmentsDone) segment\(session.segmentsDone == 1 ? "" : "s") done."
  }

  public static func session(
    engine: Engine, identity: RunIdentity, startWall: Date, end: Int64, resumed: Bool
  ) -> SessionRecord {
    let active = engine.elapsed(at: end)
    let tags = engine.schedule.tags.filter { tag in
      !identity.tags.contains { $0.lowercased() == tag.lowercased() }
    }
    return SessionRecord(
      uuid: identity.sessionUUID, kind: identity.kind, routine: engine.schedule.name,
      routineHash: identity.source.isEmpty ? nil : RoutineHash.hex(identity.source),
      task: identity.task, goal: identity.goal, tags: identity.tags + tags, startedAt: startWall,
      endedAt: startWall.addingTimeInterval(Double(end) / 1000),
      plannedMilliseconds: engine.schedule.total,
      activeMilliseconds: active,
      outcome: engine.state == .finished ? .completed : .stopped,
      segmentsDone: engine.segmentsEnded - engine.skippedSegments.count,
      segmentsSkipped: engine.skippedSegments.count, pauses: engine.pauseCount,
      // A completed focus earns a coin a whole minute (seed 002); nothing else earns.
      coins: identity.kind == .focus
        ? FocusCycle.coins(phase: .focus, ending: FocusCycle.ending(of: engine), active: active)
        : 0,
      resumed: resumed)
  }

  @discardableResult
  private func attempt<T>(_ body: () throws(StoreError) -> T) -> T? {
    do {
      return try body()
    } catch {
      report(error)
      return nil
    }
  }

  private func report(_ error: StoreError) {
    guard !reported else { return }
    reported = true
    notice("\(error.description); the run keeps timing, but it is not being recorded.")
  }
}
