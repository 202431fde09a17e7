import CadenceStore
import Foundation
import Testing

/// A task's mandatory break cannot be dodged by killing its process: while it is interrupted
/// and not resumed, a new focus or break (on the terminal's command line or `--detach`) is
/// refused with status 69; and a task's focus that completes keeps its break in the same
/// transaction as its session, so a kill between the two does not lose it.
@Suite(.serialized, .timeLimit(.minutes(10))) struct OwedBreakTests {
  let fixture = KilledRunFixture()

  static let refusal =
    "The mandatory break after Essay was interrupted and has not been taken; cadence resume brings it back (or records it, if its time is over) before a new focus.\n"

  /// A task's focus whose time was over when it was killed; resumed, its mandatory break
  /// follows in the background, and is killed in turn.
  func killAMandatoryBreak() throws {
    try fixture.succeed(["task", "add", "Essay"])
    try fixture.succeed(["config", "set", "task-break", "1m"])
    try fixture.succeed(["focus", "Essay", "--length", "1m", "--detach", "--mute", "--no-notify"])
    try fixture.kill(movingStartBack: 61_000)
    try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(try fixture.status()?["mandatory"] as? Bool == true)
    #expect(
      try fixture.cadence(["status", "--format", "{segment} {mandatory}"]).standardOutput
        == "Break mandatory\n")
    try fixture.kill()
  }

  @Test func aNewFocusIsRefusedWhileAnInterruptedMandatoryBreakIsOwed() throws {
    try killAMandatoryBreak()
    for start in [
      ["focus", "Essay", "--detach"], ["focus", "--detach"], ["focus", "--break", "--detach"],
      ["focus", "Essay", "--detach", "--json"],
    ] {
      let refused = try fixture.cadence(start + ["--mute", "--no-notify"])
      #expect(refused.status == 69, "\(start)")
      #expect(refused.standardOutput.isEmpty, "\(start)")
      #expect(refused.standardError == Self.refusal, "\(start)")
    }
    // Not going, but listed as waiting to be resumed.
    #expect(try fixture.status()?["state"] as? String == "interrupted")
    #expect(
      try fixture.succeed(["focus", "--next"]).standardOutput
        == "The mandatory break after Essay was interrupted and waits to be resumed: cadence resume brings it back (or records it, if its time is over).\n"
    )
    // Resumed, it is still mandatory; once it is over, a focus starts again.
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardError.hasPrefix("Resuming Break (the task's mandatory break) with"))
    #expect(try fixture.cadence(["skip"]).status == 69)
    try fixture.succeed(["stop"])
    try fixture.succeed(["focus", "--detach", "--mute", "--no-notify"])
    try fixture.succeed(["stop"])
  }

  @Test func aFocusKilledBeforeItsBreakStartsStillOwesTheBreak() throws {
    var fixture = self.fixture
    // The background process waits 20 seconds between the focus's end and its break's start.
    fixture.extra = ["CADENCE_TEST_PAUSE_BEFORE_BREAK_MS": "20000"]
    try fixture.succeed(["task", "add", "Essay"])
    try fixture.succeed(["config", "set", "task-break", "1m"])
    try fixture.succeed([
      "focus", "Essay", "--length", "1m", "--note", "Draft", "--detach", "--mute", "--no-notify",
    ])
    let pid = try #require((try fixture.status()?["pid"] as? Int).map { Int32($0) })
    // It ends in about a second.
    try fixture.succeed(["adjust", "-59s"])
    let deadline = Date().addingTimeInterval(15)
    var recorded: [SessionRecord] = []
    while Date() < deadline, recorded.isEmpty {
      recorded = (try? Store(path: fixture.database, readOnly: true).sessions()) ?? []
      usleep(20_000)
    }
    let focus = try #require(recorded.first)
    #expect(focus.outcome == .completed)
    Foundation.kill(pid, SIGKILL)
    while Date() < deadline, Foundation.kill(pid, 0) == 0 { usleep(10_000) }
    let kept = try Store(path: fixture.database, readOnly: true).activeRuns()
    #expect(kept.count == 1)
    let owed = try #require(kept.first)
    #expect(owed.routinePath == "cadence:break")
    #expect(owed.details.mandatoryBreak)
    #expect(owed.details.task == "Essay")
    #expect(owed.details.note == "Draft")
    #expect(owed.details.noteSession == focus.uuid)
    let focusEnd = Int64((focus.endedAt.timeIntervalSince1970 * 1000).rounded())
    #expect(abs(owed.startedAt - focusEnd) < 1000, "\(owed.startedAt) \(focusEnd)")
    #expect(try fixture.cadence(["focus", "Essay", "--detach"]).standardError == Self.refusal)
    let resumed = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.standardError.hasPrefix("Resuming Break (the task's mandatory break) with"))
    #expect(try fixture.status()?["mandatory"] as? Bool == true)
    try fixture.succeed(["stop"])
  }
}
