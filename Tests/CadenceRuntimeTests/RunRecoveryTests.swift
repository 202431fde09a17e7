import CadenceCore
import CadenceStore
import Foundation
import Testing

@testable import CadenceRuntime

/// Rebuilding a killed run from its record when the wall clock was set back while it ran.
@Suite struct RunRecoveryTests {
  @Test func actionsKeptBeforeTheStartCountFromTheStart() {
    let now: Int64 = 1_800_000_000_000
    // The clock was set back 10 minutes after the start: the start is ahead of now, and the
    // pause and resume the run kept since are before it. Before, the replay took them as
    // moments before the run began, and the run came back as finished while away.
    let run = ActiveRun(
      id: 1, routinePath: "set-back.lua", routineSource: [], routineHash: "", parameters: [],
      startedAt: now + 600_000, pid: 0, heartbeatAt: now - 1000,
      actions: [
        ActiveRun.Action(at: now - 2000, action: "pause"),
        ActiveRun.Action(at: now - 1500, action: "resume"),
      ])
    let rebuilt = RunRecovery.rebuild(
      run, schedule: EngineSnapshotTests.schedule,
      now: Date(timeIntervalSince1970: Double(now) / 1000))
    #expect(!rebuilt.engine.isOver)
    #expect(rebuilt.engine.currentSegment?.name == "A")
    #expect(rebuilt.offset == 0)
  }
}
