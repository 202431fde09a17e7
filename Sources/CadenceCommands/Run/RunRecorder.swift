import CadenceCore
import CadenceStore
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a run's record in the database while it runs: the run itself (so `resume` can pick
/// it up after a kill), the user's actions, a heartbeat, and the session at the end. Writes
/// happen on a queue of their own; a write that fails is reported once and the run goes on.
final class RunRecorder: @unchecked Sendable {
  static let heartbeatSeconds = 30

  private let queue = DispatchQueue(label: "cadence.record")
  private var store: Store?
  private let console: Console
  private var runID: Int64?
  private var reported = false
  private var heartbeat: DispatchSourceTimer?
  let startWall: Date

  /// Opens the store at `path`; if it cannot be opened the run goes on unrecorded, after one
  /// sentence saying so.
  init(path: String, console: Console, startWall: Date) {
    self.console = console
    self.startWall = startWall
    do {
      store = try Store(path: path)
    } catch {
      store = nil
      console.problem("\(error.description); this run will not be recorded.")
      reported = true
    }
  }

  /// Records the start of a new run, or takes over the record of a resumed one.
  func begin(
    compiled: RoutineCompilation, overrides: [(name: String, value: String)], resuming run: Int64?
  ) {
    queue.sync {
      if let run {
        runID = run
        attempt { () throws(StoreError) in
          try store?.heartbeat(run: run, at: Timestamp.milliseconds(Date()))
        }
      } else {
        runID =
          attempt { () throws(StoreError) in
            try store?.beginRun(
              path: compiled.file.path, source: compiled.file.source,
              hash: RoutineHash.hex(compiled.file.source), parameters: overrides,
              startedAt: Timestamp.milliseconds(startWall), pid: getpid())
          } ?? nil
      }
      guard runID != nil else { return }
      let timer = DispatchSource.makeTimerSource(queue: queue)
      timer.schedule(
        deadline: .now() + .seconds(Self.heartbeatSeconds),
        repeating: .seconds(Self.heartbeatSeconds),
        leeway: .seconds(2))
      timer.setEventHandler { [weak self] in
        guard let self, let runID = self.runID else { return }
        self.attempt { () throws(StoreError) in
          try self.store?.heartbeat(run: runID, at: Timestamp.milliseconds(Date()))
        }
      }
      timer.resume()
      heartbeat = timer
    }
  }

  /// Records the user's actions among `events`.
  func observe(_ events: [EngineEvent], engine: Engine) {
    let actions = events.compactMap { engine.recordedAction(for: $0) }.filter { $0.name != "stop" }
    guard !actions.isEmpty else { return }
    queue.async {
      guard let runID = self.runID else { return }
      for action in actions {
        let wall = Timestamp.milliseconds(self.startWall) + action.at
        self.attempt { () throws(StoreError) in
          try self.store?.recordAction(
            run: runID, ActiveRun.Action(at: wall, action: action.name, amount: action.amount))
        }
      }
    }
  }

  /// Records the session and forgets the run; returns the sentence to show if that failed.
  func finish(
    _ engine: Engine, routine: RoutineCompilation, resumed: Bool, now: Int64, task: String?
  ) {
    queue.sync {
      heartbeat?.cancel()
      var session = Self.session(
        engine: engine, compiled: routine, startWall: startWall, end: now, resumed: resumed)
      session.task = task
      attempt { () throws(StoreError) in try store?.finishRun(runID, session: session) }
    }
  }

  static func session(
    engine: Engine, compiled: RoutineCompilation, startWall: Date, end: Int64, resumed: Bool
  ) -> SessionRecord {
    SessionRecord(
      kind: .routine, routine: compiled.schedule.name,
      routineHash: RoutineHash.hex(compiled.file.source), startedAt: startWall,
      endedAt: startWall.addingTimeInterval(Double(end) / 1000),
      plannedMilliseconds: compiled.schedule.total,
      activeMilliseconds: engine.elapsed(at: end),
      outcome: engine.state == .finished ? .completed : .stopped,
      segmentsDone: engine.segmentsEnded - engine.skippedSegments.count,
      segmentsSkipped: engine.skippedSegments.count, pauses: engine.pauseCount, resumed: resumed)
  }

  @discardableResult
  private func attempt<T>(_ body: () throws(StoreError) -> T) -> T? {
    do {
      return try body()
    } catch {
      if !reported {
        reported = true
        console.problem("\(error.description); the run keeps timing, but it is not being recorded.")
      }
      return nil
    }
  }
}
