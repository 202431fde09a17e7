import CadenceTestSupport
import Foundation
import Testing

/// `timer` and `run LENGTH` with `--plain` or `--json` end with a summary line or object, as
/// `focus` does.
@Suite(.timeLimit(.minutes(10))) struct CountdownSummaryTests {
  let database = TemporaryFolder("summary").path("cadence.db")

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments + ["--mute", "--no-notify", "--db", database])
  }

  @Test func aPlainTimerEndsWithASummaryLine() throws {
    let done = try cadence(["timer", "1s", "--plain"])
    #expect(done.status == 0, "\(done.standardError)")
    #expect(done.standardOutput.hasSuffix("\nTimer completed (1s).\n"), "\(done.standardOutput)")
    let stopping = try CadenceProcess.start(
      ["run", "1m", "--plain", "--mute", "--no-notify", "--db", database])
    #expect(stopping.waitForOutput { $0.contains("Timer: go!") })
    stopping.type("q\n")
    #expect(stopping.wait() == 0)
    #expect(
      stopping.standardOutput.hasSuffix("\nTimer stopped (1m).\n"), "\(stopping.standardOutput)")
  }

  @Test func aJSONTimerEndsWithASummaryObjectNamingItsSession() throws {
    let output = try cadence(["run", "1s", "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    let last = try #require(output.standardOutput.split(separator: "\n").last)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    #expect(summary["event"] as? String == "summary")
    #expect(summary["kind"] as? String == "timer")
    #expect(summary["outcome"] as? String == "completed")
    #expect(summary["length_ms"] as? Int == 1000)
    let history = try CadenceProcess.run(["history", "--json", "--db", database]).standardOutput
    let id = try #require(summary["id"] as? String)
    #expect(history.contains(#""id":"\#(id)""#), "\(history)")
  }
}
