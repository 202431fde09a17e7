import CadenceCore
import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

/// A focus session through the runtime on the manual clock, recorded in a real database: a
/// completed focus earns a coin a whole minute, on the session and in the ledger; a stopped
/// one earns nothing.
@Suite(.timeLimit(.minutes(10))) struct FocusRecordingTests {
  let path = TemporaryFolder("focus").path("cadence.db")

  @Test(arguments: [(FocusCycle.Ending.completed, 25), (.stopped, 0)])
  func aFocusIsRecordedWithItsCoins(_ ending: FocusCycle.Ending, _ coins: Int) async throws {
    let clock = ManualClock()
    var cycle = FocusCycle(lastFocus: 25 * 60_000)
    let identity = RunIdentity(
      kind: .focus, path: "focus", source: [], task: "Essay", goal: "Degree",
      tags: ["writing"])
    let recorder = RunRecorder(path: path, startWall: Date()) { _ in }
    let driver = RunDriver(
      schedule: cycle.start(), identity: identity, hooks: nil, clock: clock,
      alarm: ManualAlarm(clock: clock), outputs: [], recorder: recorder, startWall: Date())
    let finished = Task {
      await withCheckedContinuation { continuation in
        DispatchQueue(label: "cadence.tests.run").async {
          continuation.resume(returning: driver.run())
        }
      }
    }
    await clock.sleeping()
    if ending == .completed {
      clock.advance(by: .seconds(25 * 60))
    } else {
      clock.advance(by: .seconds(24 * 60))
      driver.send(.stop)
    }
    let ended = await finished.value
    #expect(FocusCycle.ending(of: ended.engine) == ending)
    let store = try Store(path: path)
    let session = try #require(try store.sessions().first)
    #expect(session.kind == .focus)
    #expect(session.uuid == identity.sessionUUID)
    #expect(session.task == "Essay")
    #expect(session.goal == "Degree")
    #expect(session.tags == ["writing"])
    #expect(session.coins == coins)
    #expect(try store.coins.balance() == Int64(coins))
  }
}
