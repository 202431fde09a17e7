import CadenceCore
import Foundation
import Testing

@testable import CadenceLua

/// `tags = { ... }` in a routine: read, carried to the schedule, and refused when wrong.
@Suite struct RoutineTagsTests {
  @Test func tagsReachTheSchedule() throws {
    let file = try RoutineFile(
      source: Array(
        #"return { tags = { "legs", " hiit ", "Legs" }, steps = { { "Set", "1m" } } }"#.utf8),
      path: "r.lua")
    let schedule = try ScheduleCompiler.compile(
      try file.routine(), now: Date(), timeZone: .utc)
    #expect(schedule.tags == ["legs", "hiit"])
  }

  @Test(arguments: [
    (#"tags = "legs""#, "r.lua: tags: must be a list of words"),
    (#"tags = { "a,b" }"#, "r.lua: tags[1]: contains a comma"),
    (#"tags = { "" }"#, #"r.lua: tags[1]: "" is blank"#),
    (#"tags = { {} }"#, "r.lua: tags[1]: must be text"),
  ])
  func badTagsAreRefusedWithWhereTheyAre(_ entry: String, _ start: String) {
    let problem = RoutineValidationTests.problem(
      "return { \(entry), steps = { { \"Set\", \"1m\" } } }")
    #expect(problem?.hasPrefix(start) == true, "\(problem ?? "accepted")")
  }
}
