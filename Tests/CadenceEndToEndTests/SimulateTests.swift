import Foundation
import Testing

/// `simulate` through the binary: every event with its routine time and message, at once.
@Suite struct SimulateTests {
  @Test func gymSimulatesWithItsHooksAndDefaults() throws {
    let output = try CadenceProcess.run(["simulate", "examples/gym.lua"])
    #expect(output.status == 0, "\(output.standardError)")
    let lines = output.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "    0:00  start                                   Here we go: Gym circuit.")
    #expect(lines.contains("    7:00  pause      Rest 1/3 (10s)               Breathe. Next: Set"))
    #expect(
      lines.contains("    5:45  milestone  50%                          50% done, keep going"))
    #expect(
      lines.last == "   11:30  finish                                  All done. Brilliant work!")
    #expect(lines.filter { $0.contains("  work  ") }.count == 4)
  }

  @Test func jsonLinesHaveTheRunShape() throws {
    let output = try CadenceProcess.run(["simulate", "examples/tabata.lua", "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    let objects = try output.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.allSatisfy { $0["late_ms"] as? Int == 0 })
    #expect(
      objects.allSatisfy {
        $0["at_ms"] is Int && $0["event"] is String && $0.keys.contains("message")
      })
    let dues = objects.compactMap { $0["at_ms"] as? Int }
    #expect(dues == dues.sorted())
    #expect(objects.first?["event"] as? String == "start")
    #expect(objects.last?["event"] as? String == "finish")
    #expect(objects.last?["at_ms"] as? Int == 840_000)
    let works = objects.filter {
      $0["event"] as? String == "segment_start" && $0["kind"] as? String == "work"
    }
    #expect(works.count == 18)
    #expect(works.compactMap { $0["message"] as? String }.contains("Flat out, round 3 of 8"))
  }

  @Test func aFailingHookIsReportedOnceAndTheRunGoesOn() throws {
    let path = try CadenceProcess.temporaryFile(
      "broken.lua",
      """
      return {
        steps = { { rounds = 3, steps = { { "Go", "10s" }, { "Rest", "5s", kind = "pause" } } } },
        on_pause = function(ctx)
          return ctx.nothing.here
        end,
      }
      """)
    let output = try CadenceProcess.run(["simulate", path])
    #expect(output.status == 0)
    #expect(
      output.standardError
        == "\(path):4: on_pause failed: attempt to index a nil value (field 'nothing'); Cadence's own messages stand in for it from now on\n"
    )
    let pauses = output.standardOutput.split(separator: "\n").filter { $0.contains("  pause  ") }
    #expect(pauses.count == 3)
    #expect(
      pauses.allSatisfy {
        $0.contains("Rest 1/3") || $0.contains("Rest 2/3") || $0.contains("Rest 3/3")
      })
    #expect(pauses.allSatisfy { !$0.hasSuffix("(10s)") && $0.count > 50 })
  }
}
