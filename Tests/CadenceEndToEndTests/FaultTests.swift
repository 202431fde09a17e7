import CadenceTestSupport
import Foundation
import Testing

/// Faults a run must survive: being stopped and continued, hooks that flood their output, and
/// command lines of every kind of wrong.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FaultTests {
  @Test func afterSIGSTOPAndSIGCONTEventsThatFellDueFireOnceInOrderMarkedLate() throws {
    let path = try CadenceProcess.temporaryFile(
      "stopped.lua",
      "return { name = 'Stopped', steps = { { 'Tick', '4s', every = '250ms', reminder = 'tick' } }, quarters = false }\n"
    )
    let running = try CadenceProcess.start(
      ["run", path, "--json", "--mute", "--no-notify"],
      environment: [
        "CADENCE_DB": TemporaryFolder("stop").path("cadence.db")
      ])
    #expect(running.waitForOutput { $0.contains("\"at_ms\":500,") })
    kill(running.process.processIdentifier, SIGSTOP)
    usleep(1_500_000)
    kill(running.process.processIdentifier, SIGCONT)
    #expect(running.wait() == 0)
    let events = try running.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let reminders = events.filter { $0["event"] as? String == "reminder" }
    let dues = reminders.compactMap { $0["at_ms"] as? Int }
    #expect(dues == Array(stride(from: 250, to: 4000, by: 250)))
    let late = reminders.compactMap { $0["late_ms"] as? Int }
    #expect(late.contains { $0 >= 1000 }, "late_ms: \(late)")
    #expect(late.suffix(4).allSatisfy { $0 < 100 })
    #expect(events.last?["event"] as? String == "finish")
    #expect(events.last?["at_ms"] as? Int == 4000)
  }

  @Test func aHookThatPrintsMegabytesIsCappedAndTheRunKeepsTime() throws {
    let path = try CadenceProcess.temporaryFile(
      "noisy.lua",
      """
      return {
        steps = { { rounds = 3, steps = { { "Go", "300ms" }, { "Rest", "200ms", kind = "pause" } } } },
        on_work = function(ctx) for i = 1, 100000 do print(string.rep("x", 100)) end return "go" end,
      }
      """)
    let output = try CadenceProcess.run(["run", path, "--json", "--mute", "--no-notify"])
    #expect(output.status == 0)
    #expect(output.standardOutput.utf8.count < 10_000)
    let events = try output.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(events.compactMap { $0["late_ms"] as? Int }.allSatisfy { $0 < 50 })
    #expect(events.last?["event"] as? String == "finish")
  }

  @Test(arguments: [
    ["plan", "examples/gym.lua", "--set", "rounds=99999999999999999999"],
    ["plan", "examples/gym.lua", "--set", "work=1e308s"],
    ["run", "examples/gym.lua", "--volume", "99999999999999999999999"],
    ["stats", "--days", "-1"],
    ["history", "--since", "2026-02-30"],
    ["plan", "--set"],
    ["check"],
    ["run"],
    ["frobnicate", "--now"],
    ["config", "set", "volume"],
    ["config", "explode"],
  ])
  func badCommandLinesGetOneLineAndAUsageOrDataStatus(arguments: [String]) throws {
    let output = try CadenceProcess.run(arguments)
    #expect(
      output.status == 64 || output.status == 65, "status \(output.status): \(output.standardError)"
    )
    #expect(!output.standardError.isEmpty)
    #expect(output.standardError.split(separator: "\n").first.map { $0.count < 300 } == true)
    #expect(!output.standardError.contains("Fatal error"))
  }

  @Test func nonUTF8ArgumentsAreRefusedPolitely() throws {
    // Bytes that are not UTF-8 reach the program as they are.
    let bad = String(decoding: [0x66, 0xFF, 0xFE, 0x6F], as: UTF8.self)
    let output = try CadenceProcess.run(["plan", "examples/gym.lua", "--\(bad)"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix("Error: unknown option --f"))
  }
}
