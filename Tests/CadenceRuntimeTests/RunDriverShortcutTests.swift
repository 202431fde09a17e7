import CadenceCore
import CadenceTestSupport
import Foundation
import Synchronization
import Testing

@testable import CadenceRuntime

/// The driver's shortcut on the manual clock: an output that never waits is fed on the timing
/// thread itself when no hook is to be called, and on the queue when one is; either way every
/// output sees the same updates, in the same order, with the hook's message.
@Suite(.timeLimit(.minutes(10))) struct RunDriverShortcutTests {
  /// A routine that has only `on_quarter`, which answers "Halfway there".
  final class QuarterHook: HookCaller {
    func call(_ hook: HookName, context: HookContext) -> HookOutcome {
      .message(HookResult(message: "Halfway there"))
    }
    func defines(_ hook: HookName) -> Bool { hook == .onQuarter }
  }

  /// Records, for each update, the thread it came on and what it said.
  final class Recorder: RunOutput, @unchecked Sendable {
    struct Seen: Equatable {
      var observed: Int64
      var events: [EngineEvent.Kind]
      var messages: [String?]
    }

    let neverWaits: Bool
    let seen = Mutex<[(thread: pthread_t, update: Seen)]>([])
    let arrived = DispatchSemaphore(value: 0)

    init(neverWaits: Bool) { self.neverWaits = neverWaits }

    func present(_ update: RunUpdate) {
      let said = Seen(
        observed: update.observed, events: update.narrations.map(\.event.kind),
        messages: update.narrations.map(\.message))
      seen.withLock { $0.append((pthread_self(), said)) }
      arrived.signal()
    }
    func notice(_ text: String) {}
    func finish(_ engine: Engine) {}
  }

  @Test func anOutputThatNeverWaitsIsFedOnTheTimingThreadUnlessAHookIsCalled() async throws {
    let clock = ManualClock()
    let socket = Recorder(neverWaits: true)
    let screen = Recorder(neverWaits: false)
    // The screen first: the driver feeds outputs that never wait before the others.
    let driver = RunDriver(
      schedule: EngineSnapshotTests.schedule, identity: RunIdentity(path: "test.lua", source: []),
      hooks: QuarterHook(), clock: clock, alarm: ManualAlarm(clock: clock),
      outputs: [screen, socket], recorder: nil, startWall: Date())
    let timing = Mutex<pthread_t?>(nil)
    let finished = Task {
      await withCheckedContinuation { continuation in
        DispatchQueue(label: "cadence.tests.timing").async {
          timing.withLock { $0 = pthread_self() }
          continuation.resume(returning: driver.run())
        }
      }
    }
    // Each update reaches both outputs, and the queue is empty, before the clock moves on.
    for step in [0, 10_000, 2_500, 2_500, 10_000] {
      await clock.sleeping()
      clock.advance(by: .milliseconds(step))
      screen.arrived.wait()
      socket.arrived.wait()
      // The queue's block ends a little after the screen has its update.
      driver.drain()
    }
    _ = await finished.value
    let thread = try #require(timing.withLock { $0 })
    let fed = socket.seen.withLock { $0 }
    let shown = screen.seen.withLock { $0 }
    #expect(fed.map(\.update) == shown.map(\.update))
    #expect(fed.map(\.update.observed) == [0, 10_000_000, 12_500_000, 15_000_000, 25_000_000])
    #expect(fed[2].update.messages == ["Halfway there"])
    // On the timing thread, except for the update whose hook was called on the queue.
    #expect(fed.map { pthread_equal($0.thread, thread) != 0 } == [true, true, false, true, true])
    #expect(shown.allSatisfy { pthread_equal($0.thread, thread) == 0 })
  }
}
