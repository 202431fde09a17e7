import Foundation
import Testing

/// Plans every example through the binary and asserts its exact schedule.
@Suite struct PlanExamplesTests {
  struct PlannedSegment: Equatable, CustomStringConvertible {
    var kind: String
    var name: String
    var start: Int
    var duration: Int
    var description: String { "\(kind) \(name) @\(start) +\(duration)" }
  }

  struct Plan {
    var name: String
    var total: Int
    var segments: [PlannedSegment]
    var events: [String]
  }

  func plan(_ file: String, _ extra: [String] = []) throws -> Plan {
    let output = try CadenceProcess.run(["plan", file, "--json"] + extra)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.hasSuffix("}\n"))
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    let segments = try #require(object["segments"] as? [[String: Any]])
    let events = try #require(object["events"] as? [[String: Any]])
    for (offset, segment) in segments.enumerated() {
      #expect(segment["index"] as? Int == offset + 1)
    }
    return Plan(
      name: object["name"] as? String ?? "",
      total: object["total_ms"] as? Int ?? -1,
      segments: segments.map {
        PlannedSegment(
          kind: $0["kind"] as? String ?? "", name: $0["name"] as? String ?? "",
          start: $0["start_ms"] as? Int ?? -1, duration: $0["duration_ms"] as? Int ?? -1)
      },
      events: events.map {
        "\($0["kind"] as? String ?? "") \($0["at_ms"] as? Int ?? -1) \($0["label"] as? String ?? "")"
      })
  }

  /// Segments from (kind, name, duration) triples, placed one after another.
  func laidOut(_ parts: [(String, String, Int)]) -> [PlannedSegment] {
    var clock = 0
    return parts.map { kind, name, duration in
      defer { clock += duration }
      return PlannedSegment(kind: kind, name: name, start: clock, duration: duration)
    }
  }

  @Test func seedShortExampleIsTwoMinutesTenSecondsThreeTimes() throws {
    let plan = try plan("examples/seed-short.lua")
    #expect(
      plan.segments
        == laidOut(
          Array(repeating: [("work", "Interval", 120_000), ("pause", "Pause", 10_000)], count: 3)
            .flatMap { $0 }))
    #expect(plan.total == 390_000)
  }

  @Test func seedLongExampleIsOneHourTenMinutesThreeTimes() throws {
    let plan = try plan("examples/seed-long.lua")
    #expect(
      plan.segments
        == laidOut(
          Array(
            repeating: [("work", "Interval", 3_600_000), ("pause", "Pause", 600_000)], count: 3
          )
          .flatMap { $0 }))
    #expect(
      plan.events == [
        "milestone 3150000 25%", "milestone 6300000 50%", "milestone 9450000 75%",
        "milestone 12600000 100%",
      ])
  }

  @Test func gymWithDefaultsAndOverrides() throws {
    let plan = try plan("examples/gym.lua")
    let set: [(String, String, Int)] = [("work", "Set", 120_000), ("pause", "Rest", 10_000)]
    #expect(
      plan.segments
        == laidOut(
          [("work", "Warm-up", 300_000)] + Array(repeating: set, count: 3).flatMap { $0 }
            + [("manual", "Stretch", 0)]))
    #expect(plan.total == 690_000)
    #expect(
      plan.events == [
        "milestone 172500 25%", "milestone 345000 50%", "milestone 517500 75%",
        "milestone 690000 100%",
      ])

    let longer = try self.plan("examples/gym.lua", ["--set", "rounds=5", "--set", "work=90s"])
    #expect(longer.segments.count == 12)
    #expect(longer.total == 300_000 + 5 * 100_000)
  }

  @Test func tabataHasSetsWithALongerRestBetween() throws {
    let plan = try plan("examples/tabata.lua")
    let round: [(String, String, Int)] = [("work", "Flat out", 20_000), ("pause", "Rest", 10_000)]
    let set = Array(repeating: round, count: 8).flatMap { $0 }
    #expect(
      plan.segments
        == laidOut(
          [("work", "Warm-up", 180_000)] + set + [("pause", "Set rest", 60_000)] + set
            + [("work", "Cool-down", 120_000)]))
    #expect(plan.total == 840_000)
    #expect(plan.events == ["milestone 420000 50%", "milestone 840000 100%"])
  }

  @Test func revisionFrameFollowsTheArithmeticToTheMillisecond() throws {
    let plan = try plan("examples/revision.lua")
    #expect(
      plan.segments.map(\.duration) == [
        1_674_419, 167_441, 1_674_419, 167_442, 1_674_419, 167_441, 1_674_419,
      ])
    #expect(
      plan.segments.map(\.name) == [
        "Revise", "Break", "Revise", "Break", "Revise", "Break", "Revise",
      ])
    #expect(plan.total == 7_200_000)
    let threeBlocks = try self.plan(
      "examples/revision.lua", ["--set", "blocks=3", "--set", "length=1h"])
    // 3 intervals, default pause: 32 units of 3 600 000 / 32 = 112 500 ms.
    #expect(
      threeBlocks.segments.map(\.duration) == [1_125_000, 112_500, 1_125_000, 112_500, 1_125_000])
  }

  @Test func cookingHasRemindersAndManualSteps() throws {
    let plan = try plan("examples/cooking.lua")
    #expect(
      plan.segments
        == [
          PlannedSegment(
            kind: "manual", name: "Bring the water to the boil", start: 0, duration: 0),
          PlannedSegment(kind: "work", name: "Soften the onion", start: 0, duration: 360_000),
          PlannedSegment(kind: "work", name: "Simmer the sauce", start: 360_000, duration: 900_000),
          PlannedSegment(kind: "work", name: "Cook the pasta", start: 1_260_000, duration: 660_000),
          PlannedSegment(kind: "manual", name: "Drain the pasta", start: 1_920_000, duration: 0),
          PlannedSegment(
            kind: "pause", name: "Rest, then serve", start: 1_920_000, duration: 60_000),
        ])
    #expect(
      plan.events == [
        "reminder 120000 Stir the onion", "reminder 240000 Stir the onion",
        "reminder 600000 Stir the sauce", "reminder 840000 Stir the sauce",
        "milestone 990000 50%", "reminder 1080000 Stir the sauce",
        "reminder 1080000 Put the pasta in", "reminder 1560000 Taste the pasta",
        "reminder 1800000 Taste the pasta",
      ])
  }

  @Test func pomodoroIsFourFocusBlocksAndALongBreak() throws {
    let plan = try plan("examples/pomodoro.lua")
    #expect(
      plan.segments
        == laidOut([
          ("work", "Focus", 1_500_000), ("pause", "Short break", 300_000),
          ("work", "Focus", 1_500_000), ("pause", "Short break", 300_000),
          ("work", "Focus", 1_500_000), ("pause", "Short break", 300_000),
          ("work", "Focus", 1_500_000), ("pause", "Long break", 900_000),
        ]))
  }
}
