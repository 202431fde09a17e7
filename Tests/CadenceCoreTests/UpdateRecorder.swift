import CadenceTestSupport
import Dispatch
import Synchronization

@testable import CadenceCore

/// Collects what a runner on a manual clock reports, and lets a test wait for a given event.
final class UpdateRecorder: Sendable {
  private struct Waiter {
    var condition: @Sendable ([EngineEvent]) -> Bool
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State: ~Copyable {
    var events: [EngineEvent] = []
    var engine: Engine?
    var waiters: [Waiter] = []
  }

  private let state = Mutex(State())

  func record(_ update: EngineRunner<ManualClock>.Update) {
    let ready = state.withLock { state in
      state.events += update.events
      state.engine = update.engine
      let events = state.events
      let ready = state.waiters.filter { $0.condition(events) }
      state.waiters.removeAll { $0.condition(events) }
      return ready.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }

  var all: [EngineEvent] { state.withLock { $0.events } }

  /// The engine as the runner last reported it.
  var latest: Engine? { state.withLock { $0.engine } }

  /// Returns once `condition` holds of the events so far (the suite's time limit catches a
  /// runner that never gets there).
  func wait(until condition: @escaping @Sendable ([EngineEvent]) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let holds = state.withLock { state in
        if condition(state.events) { return true }
        state.waiters.append(Waiter(condition: condition, continuation: continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }
}

/// Runs `body` on a thread of its own, as a real run's runner has (it blocks the thread it runs
/// on), and gives its result as a task.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> Task<T, Never> {
  Task {
    await withCheckedContinuation { continuation in
      DispatchQueue(label: "cadence.tests.runner").async { continuation.resume(returning: body()) }
    }
  }
}
