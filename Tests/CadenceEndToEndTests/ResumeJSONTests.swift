import CadenceStore
import Foundation
import Testing

/// With `--json`, standard output holds only JSON: `resume` of a run that ended while Cadence
/// was away, of a paused run, and every `--detach` say what they did as objects, and the
/// sentences go to standard error.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ResumeJSONTests {
  let fixture = KilledRunFixture()

  @Test func aTasksFocusAndBreakThatEndedWhileAwayAreSummedUpInJSON() throws {
    try fixture.succeed(["task", "add", "Essay"])
    try fixture.succeed(["config", "set", "task-break", "1m"])
    let started = try fixture.succeed([
      "focus", "Essay", "--length", "1m", "--note", "Done", "--detach", "--json", "--mute",
      "--no-notify",
    ])
    let detached = try #require(KilledRunFixture.objects(started.standardOutput))
    #expect(detached.count == 1)
    #expect(detached.first?["event"] as? String == "detached")
    #expect(detached.first?["kind"] as? String == "focus")
    #expect(started.standardError.contains("Started the focus in the background"))
    // Both the focus and its break would have ended by now.
    try fixture.kill(movingStartBack: 125_000)
    let resumed = try fixture.succeed(["resume", "--json", "--mute", "--no-notify"])
    let objects = try #require(
      KilledRunFixture.objects(resumed.standardOutput), "\(resumed.standardOutput)")
    let focus = try #require(objects.first)
    #expect(focus["event"] as? String == "summary")
    #expect(focus["kind"] as? String == "focus")
    #expect(focus["outcome"] as? String == "completed")
    #expect(focus["away"] as? Bool == true)
    #expect(focus["next"] as? String == "break")
    #expect(focus["mandatory"] as? Bool == true)
    #expect(objects.contains { $0["kind"] as? String == "break" })
    #expect(objects.last?["event"] as? String == "saved")
    #expect(
      resumed.standardError.contains(
        "Focus: Essay finished while Cadence was away; recorded as completed. Its mandatory break followed.\n"
      ))
    #expect(resumed.standardError.contains("Break finished while Cadence was away"))
  }

  @Test func aRoutineThatFinishedWhileAwayIsOneSummaryObject() throws {
    let routine = try CadenceProcess.temporaryFile(
      "away.lua", #"return { name = "Away", steps = { { "One", "1m" } } }"#)
    try fixture.succeed(["run", routine, "--detach", "--mute", "--no-notify"])
    try fixture.kill(movingStartBack: 61_000)
    let resumed = try fixture.succeed(["resume", "--json"])
    let objects = try #require(
      KilledRunFixture.objects(resumed.standardOutput), "\(resumed.standardOutput)")
    #expect(objects.count == 1)
    #expect(objects.first?["kind"] as? String == "routine")
    #expect(objects.first?["routine"] as? String == "Away")
    #expect(objects.first?["outcome"] as? String == "completed")
    #expect(resumed.standardError.contains("Away finished while Cadence was away"))
  }

  @Test func resumingAPausedRunAndDetachingSayItInJSON() throws {
    let started = try fixture.succeed(["timer", "1m", "--detach", "--json", "--mute"])
    let detached = try #require(KilledRunFixture.objects(started.standardOutput))
    let id = try #require(detached.first?["run"] as? String)
    #expect(detached.first?["kind"] as? String == "timer")
    try fixture.succeed(["pause"])
    let resumed = try fixture.succeed(["resume", "--json"])
    let objects = try #require(KilledRunFixture.objects(resumed.standardOutput))
    #expect(objects.count == 1)
    #expect(objects.first?["event"] as? String == "resumed")
    #expect(objects.first?["run"] as? String == id)
    #expect((objects.first?["status"] as? [String: Any])?["state"] as? String == "running")
    try fixture.succeed(["stop"])
  }

  @Test(arguments: [
    (["task", "add", "Essay"], "--json is for cadence task list, not task add; leave it out"),
    (["goal", "add", "Degree"], "--json is for cadence goal list, not goal add; leave it out"),
    (["shop", "buy", "fox"], "--json is for cadence shop list, not shop buy; leave it out"),
    (["shop", "show", "palm"], "--json is for cadence shop list, not shop show; leave it out"),
    (
      ["history", "import", "-"],
      "--json is for cadence history, not history import; leave it out"
    ),
  ])
  func aCommandThatChangesSomethingRefusesJSON(command: [String], saying: String) throws {
    let output = try fixture.cadence(command + ["--json"])
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.hasPrefix("Error: \(saying)"), "\(output.standardError)")
  }
}
