import CadenceTestSupport
import Foundation
import Testing

/// `config set timewarrior on` through the binary, against Debian's real timew with a database
/// of the test's own: a run that finishes is tracked with its tags, and `history --timew` then
/// finds it there and adds nothing twice.
@Suite(.timeLimit(.minutes(10))) struct TimewarriorRunTests {
  let folder = TemporaryFolder("timew-run").path

  var environment: [String: String] {
    ["CADENCE_DB": folder + "/cadence.db", "TIMEWARRIORDB": folder + "/timewarrior"]
  }

  func export() throws -> [[String: Any]] {
    let output = try CadenceProcess.runTool(
      "/usr/bin/env",
      [
        "TIMEWARRIORDB=\(folder)/timewarrior", "/usr/bin/timew", "export",
      ])
    return try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
  }

  @Test func aFinishedRunIsTrackedAndBackFillingAddsNothingTwice() throws {
    let routine = try CadenceProcess.temporaryFile(
      "quick.lua",
      "return { name = ':adjust', tags = { 'rc.confirmation=on', 'Revise Maths' }, steps = { { 'Go', '1s' } } }\n"
    )
    let set = try CadenceProcess.run(
      ["config", "set", "timewarrior", "on"], environment: environment)
    #expect(set.status == 0, "\(set.standardError)")
    let run = try CadenceProcess.run(
      ["run", routine, "--plain", "--mute", "--no-notify"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(!run.standardError.contains("Timewarrior"), "\(run.standardError)")
    let intervals = try export()
    try #require(intervals.count == 1)
    #expect(
      Set(intervals[0]["tags"] as? [String] ?? [])
        == ["cadence", "routine", "\":adjust\"", "\"rc.confirmation=on\"", "Revise Maths"])

    let first = try CadenceProcess.run(["history", "--timew"], environment: environment)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput == "Added 0 sessions to Timewarrior; 1 was there already.\n")
    #expect(try export().count == 1)
  }

  /// A countdown killed and found over by `resume` is recorded as it ended, and tracked too.
  @Test(arguments: [["timer", "1m"], ["run", "quick"]])
  func aRunThatEndedWhileAwayIsTrackedWhenResumed(_ start: [String]) throws {
    var fixture = KilledRunFixture()
    fixture.extra = ["TIMEWARRIORDB": folder + "/timewarrior"]
    let routine = try CadenceProcess.temporaryFile(
      "quick.lua", "return { name = 'Quick', steps = { { 'Go', '1m' } } }\n")
    let arguments = start == ["run", "quick"] ? ["run", routine] : start
    try fixture.succeed(["config", "set", "timewarrior", "on"])
    try fixture.succeed(arguments + ["--detach", "--mute", "--no-notify"])
    try fixture.kill(movingStartBack: 3_600_000)
    let resumed = try fixture.succeed(["resume", "--mute", "--no-notify"])
    #expect(!resumed.standardError.contains("Timewarrior"), "\(resumed.standardError)")
    let intervals = try export()
    try #require(intervals.count == 1)
    let kind = start[0] == "timer" ? "timer" : "routine"
    let expected: Set = kind == "timer" ? ["cadence", "timer"] : ["cadence", "routine", "Quick"]
    #expect(Set(intervals[0]["tags"] as? [String] ?? []) == expected)
  }

  @Test func withoutTimewTheRunIsRecordedAndSaysSoOnce() throws {
    let routine = try CadenceProcess.temporaryFile(
      "quick.lua", "return { name = 'Quick', steps = { { 'Go', '1s' } } }\n")
    _ = try CadenceProcess.run(["config", "set", "timewarrior", "on"], environment: environment)
    var bare = environment
    bare["PATH"] = "/nonexistent"
    let run = try CadenceProcess.run(
      ["run", routine, "--plain", "--mute", "--no-notify"], environment: bare)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError.components(separatedBy: "Timewarrior: timew is not on PATH").count == 2,
      "\(run.standardError)")
    let history = try CadenceProcess.run(["history", "--json"], environment: environment)
    #expect(history.standardOutput.contains("\"routine\":\"Quick\""))
    let backfill = try CadenceProcess.run(["history", "--timew"], environment: bare)
    #expect(backfill.status == 69)
  }
}
