import CadenceSystem
import Testing

@testable import CadenceDesktop

/// The way every desktop program is asked: found on PATH, run to its end, cut off at its limit.
@Suite struct DesktopToolTests {
  let environment = ["PATH": "/usr/bin:/bin"]

  @Test func aProgramsAnswerIsItsOutputTrimmed() throws {
    let tool = try #require(DesktopTool("printf", environment: environment))
    #expect(tool.answer(["  42 ms\\n\\n"]) == "42 ms")
  }

  @Test func aFailingProgramGivesNoAnswer() throws {
    let tool = try #require(DesktopTool("sh", environment: environment))
    #expect(tool.answer(["-c", "echo said; exit 3"]) == nil)
    #expect(tool.run(["-c", "echo said; exit 3"]).ending == .exited(3))
  }

  @Test func aProgramThatHangsIsCutOffAtItsLimit() throws {
    let tool = try #require(
      DesktopTool("sh", environment: environment, timeout: .milliseconds(200)))
    let started = ContinuousClock.now
    // The sleep is in the program's group: it goes with it.
    let finished = tool.run(["-c", "sleep 30 & sleep 30"])
    #expect(finished.ending == .timedOut)
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func aProgramThatIsNotInstalledIsNotFound() {
    #expect(DesktopTool("no-such-program-here", environment: environment) == nil)
    #expect(DesktopTool("../bin/sh", environment: environment) == nil)
  }

  @Test func itRunsWithTheEnvironmentItIsGiven() throws {
    let tool = try #require(
      DesktopTool("sh", environment: environment.merging(["CADENCE_PROBE": "here"]) { $1 }))
    #expect(tool.answer(["-c", "echo \"$CADENCE_PROBE\""]) == "here")
  }

  @Test func whatItIsGivenArrivesOnItsInput() throws {
    let tool = try #require(DesktopTool("cat", environment: environment))
    #expect(tool.run([], input: Array("in\n".utf8)).text == "in\n")
  }
}
