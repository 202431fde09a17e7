import CadenceTestSupport
import Foundation
import Testing

/// `run` in real time through the binary: short routines, measured lateness, keys, signals.
@Suite(.serialized, .timeLimit(.minutes(10))) struct RunTests {
  static let short = """
    return {
      name = "Short",
      steps = { { rounds = 3, steps = { { "Go", "600ms" }, { "Rest", "300ms", kind = "pause" } } } },
      on_pause = function(ctx) return "rest " .. ctx.round end,
    }
    """

  func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func aShortRoutineRunsInRealTimeAndFiresOnTime() throws {
    let path = try CadenceProcess.temporaryFile("short.lua", Self.short)
    let started = Date()
    let output = try CadenceProcess.run(["run", path, "--json"])
    let seconds = Date().timeIntervalSince(started)
    #expect(output.status == 0, "\(output.standardError)")
    let events = try objects(output.standardOutput)
    let names = events.compactMap { $0["event"] as? String }
    #expect(
      names == [
        "start", "segment_start", "segment_end", "segment_start", "milestone", "segment_end",
        "segment_start", "milestone", "segment_end", "segment_start", "segment_end",
        "segment_start", "milestone", "segment_end", "segment_start", "segment_end", "milestone",
        "finish",
      ])
    #expect(events.compactMap { $0["at_ms"] as? Int }.last == 2700)
    let late = events.compactMap { $0["late_ms"] as? Int }
    #expect(late.count == events.count)
    #expect(late.allSatisfy { $0 < 50 }, "late_ms: \(late)")
    #expect(
      events.filter {
        $0["kind"] as? String == "pause" && $0["event"] as? String == "segment_start"
      }
      .compactMap { $0["message"] as? String } == ["rest 1", "rest 2", "rest 3"])
    #expect(seconds > 2.6 && seconds < 10)
  }

  @Test func hooksThatHangOrFailNeverHoldTheTimer() throws {
    let path = try CadenceProcess.temporaryFile(
      "hostile.lua",
      """
      return {
        steps = { { rounds = 4, steps = { { "Go", "400ms" }, { "Rest", "200ms", kind = "pause" } } } },
        on_work = function(ctx) while true do end end,
        on_pause = function(ctx) return (string.rep("a", 30000)):find(".-.-.-.-.-.-b") end,
        on_quarter = function(ctx) local t = {} while true do t[#t + 1] = string.rep("x", 1000) end end,
        on_start = function(ctx) error("no") end,
      }
      """)
    let output = try CadenceProcess.run(["run", path, "--json"])
    #expect(output.status == 0)
    let events = try objects(output.standardOutput)
    let late = events.compactMap { $0["late_ms"] as? Int }
    #expect(late.allSatisfy { $0 < 50 }, "late_ms: \(late)")
    #expect(events.last?["event"] as? String == "finish")
    #expect(events.last?["at_ms"] as? Int == 2400)
    let reports = output.standardError.split(separator: "\n")
    for hook in ["on_work", "on_pause", "on_quarter", "on_start"] {
      #expect(reports.filter { $0.contains(" \(hook) ") }.count == 1, "\(output.standardError)")
    }
    #expect(
      events.filter { $0["event"] as? String == "segment_start" }.allSatisfy {
        ($0["message"] as? String)?.isEmpty == false
      })
  }

  @Test func linesOnStandardInputActAsKeys() throws {
    let path = try CadenceProcess.temporaryFile(
      "keys.lua", "return { steps = { { 'Long', '1h' }, { 'Next', '300ms' } } }\n")
    let running = try CadenceProcess.start(["run", path, "--plain"])
    #expect(running.waitForOutput { $0.contains("Long") })
    running.type("n\n")
    #expect(running.waitForOutput { $0.contains("finish") })
    #expect(running.wait() == 0)
    let text = running.standardOutput
    #expect(text.contains("skipped"))
    #expect(text.contains("Next"))
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129))])
  func signalsStopTheRunCleanly(signal: Int32, status: Int32) throws {
    let path = try CadenceProcess.temporaryFile(
      "long.lua", "return { steps = { { 'Long', '1h' } } }\n")
    let running = try CadenceProcess.start(["run", path, "--plain"])
    #expect(running.waitForOutput { $0.contains("Long") })
    kill(running.process.processIdentifier, signal)
    #expect(running.wait() == status)
    #expect(running.standardOutput.contains("stopped"))
  }

  @Test func badRunOptionsExit64() throws {
    let output = try CadenceProcess.run(["run", "examples/gym.lua", "--volume", "loud"])
    #expect(output.status == 64)
    #expect(
      output.standardError.hasPrefix(
        "Error: --volume takes a whole number from 0 to 100, not \"loud\""))
  }

  @Test func aRoutineCanBeNamedWithoutItsPath() throws {
    let directory = try TemporaryFolder("named").created().url
    try "return { name = 'Quick', steps = { { 'Go', '200ms' } } }\n".write(
      to: directory.appendingPathComponent("quick.lua"), atomically: true, encoding: .utf8)
    let output = try CadenceProcess.run(
      ["run", "quick", "--json"], environment: ["CADENCE_ROUTINES": directory.path])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("\"message\":\"Here we go: Quick.\""))
  }
}
