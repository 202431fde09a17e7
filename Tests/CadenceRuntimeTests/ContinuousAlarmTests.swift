import CadenceCore
import CadenceSystem
import Dispatch
import Synchronization
import Testing

@testable import CadenceRuntime

/// The production alarm on the real clock (the system's timer armed at an instant of
/// `ContinuousClock`), and the runner on it, as a real run waits: short, tens of milliseconds.
@Suite(.timeLimit(.minutes(10))) struct ContinuousAlarmTests {
  @Test func aRingBeforeTheWaitEndsItAtOnceAndARingFromAnotherThreadWakesIt() async throws {
    let alarm = try ContinuousAlarm.make()
    alarm.ring()
    // No deadline: only the ring that came first can end this wait.
    alarm.wait(until: nil)
    let woken = await withCheckedContinuation { continuation in
      DispatchQueue(label: "cadence.tests.alarm").async {
        alarm.wait(until: nil)
        continuation.resume(returning: true)
      }
      alarm.ring()
    }
    #expect(woken)
  }

  @Test func aWaitEndsAtItsDeadlineOnTheContinuousClockNeverBefore() throws {
    let alarm = try ContinuousAlarm.make()
    let clock = ContinuousClock()
    let passed = clock.now
    alarm.wait(until: passed)
    #expect(clock.now - passed < .seconds(1))
    for milliseconds in [1, 20, 35] {
      let deadline = clock.now.advanced(by: .milliseconds(milliseconds))
      alarm.wait(until: deadline)
      #expect(clock.now >= deadline)
      #expect(clock.now - deadline < .seconds(1))
    }
  }

  @Test func aRunOnTheSystemsTimerFiresEveryEventOnTimeAndTakesCommands() async throws {
    let segments = (0..<4).map { index in
      Segment(
        index: index + 1, name: "S\(index + 1)", kind: .work, start: Int64(index) * 30,
        duration: 30)
    }
    let schedule = Schedule(name: "Short", segments: segments, events: [], total: 120)
    let runner = EngineRunner(
      schedule: schedule, clock: ContinuousClock(), alarm: try ContinuousAlarm.make())
    let lateness = Mutex<[Int64]>([])
    let engine = await withCheckedContinuation { continuation in
      DispatchQueue(label: "cadence.tests.runner").async {
        let engine = runner.run { update in
          let late = update.events.map { update.lateness(of: $0) }
          lateness.withLock { $0 += late }
        }
        continuation.resume(returning: engine)
      }
    }
    #expect(engine.state == .finished)
    let late = lateness.withLock { $0 }
    // A start, four segments' starts and ends, the finish: each at its deadline on the
    // continuous clock, within a second even on a loaded machine (an alarm armed on another
    // clock, or a wrong offset, is seconds out or never fires).
    #expect(late.count == 10)
    #expect(late.allSatisfy { $0 < 1_000_000 })

    // A paused run has no deadline: a command from another thread wakes it.
    let paused = EngineRunner(
      schedule: schedule, clock: ContinuousClock(), alarm: try ContinuousAlarm.make())
    paused.send(.pause)
    let stopped = await withCheckedContinuation { continuation in
      DispatchQueue(label: "cadence.tests.runner").async {
        let engine = paused.run { update in
          if update.events.contains(where: { $0.kind == .paused }) {
            DispatchQueue(label: "cadence.tests.control").async { paused.send(.stop) }
          }
        }
        continuation.resume(returning: engine)
      }
    }
    #expect(stopped.state == .stopped)
  }
}
