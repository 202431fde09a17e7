import CadenceCore
import CadenceStore
import CadenceSystem
import FoundationEssentials

/// A task's mandatory break made ready before its focus counts, so that the focus's session
/// and the break's kept run are written in one transaction when the focus completes: no moment
/// between the two (a kill, a crash) loses the break, which `resume` then brings back from the
/// focus's end. The break's countdown then carries that kept run from its start.
public struct FollowingBreak {
  /// What the break is recorded as: the task's, mandatory, with the note and the focus
  /// session the note is saved on.
  public var identity: RunIdentity
  public var schedule: Schedule
  /// The kept run's id and its start (the focus's end), once the focus has kept it.
  public var runID: Int64?
  public var startedAt: Int64 = 0

  /// The break that follows a completed focus of `focus` in `cycle` (on a task), with `note`.
  public init(after cycle: FocusCycle, focus: RunIdentity, note: String?) {
    var next = cycle
    next.conclude(.completed)
    schedule = next.schedule()
    identity = .countdown(
      .break, schedule: schedule, task: focus.task, goal: focus.goal, tags: focus.tags)
    identity.mandatoryBreak = true
    identity.note = note
    identity.noteSession = focus.sessionUUID
  }

  /// What the focus's recorder keeps as it ends (see `RunRecorder.following`): the break as a
  /// run carried by this process from the focus's end, when the focus completed (it started
  /// at `startWall`).
  public func keep(startWall: Date) -> @Sendable (Engine, Int64) -> ActiveRun? {
    let identity = identity
    let start = Timestamp.milliseconds(startWall)
    return { engine, end in
      guard engine.state == .finished else { return nil }
      return identity.keptRun(startedAt: start + end, pid: Processes.current)
    }
  }

  /// A pause between a focus's end and its break's start, for the test that kills the process
  /// there; only in debug builds, from CADENCE_TEST_PAUSE_BEFORE_BREAK_MS.
  public static func pauseForTest(_ environment: [String: String]) {
    #if DEBUG
      if let text = environment["CADENCE_TEST_PAUSE_BEFORE_BREAK_MS"],
        let milliseconds = UInt32(text)
      {
        MonotonicClock.sleep(milliseconds: Int(milliseconds))
      }
    #endif
  }
}
