import CadenceCore
import Foundation
import Testing

@testable import CadenceLua

/// `theme = "..."` in a routine, or its tags, choose the voice of Cadence's own messages.
@Suite struct RoutineThemeTests {
  func schedule(_ entries: String) throws -> Schedule {
    let file = try RoutineFile(
      source: Array("return { \(entries) steps = { { \"Knead\", \"1m\" } } }".utf8),
      path: "r.lua")
    return try ScheduleCompiler.compile(try file.routine(), now: Date(), timeZone: .utc)
  }

  @Test func theThemeComesFromTheKeyThenTheTagsThenIsNeutral() throws {
    #expect(try schedule("").theme == .neutral)
    #expect(try schedule(#"tags = { "bread", "weekend" },"#).theme == .cooking)
    #expect(try schedule(#"tags = { "weekend", "HIIT" },"#).theme == .gym)
    #expect(try schedule(#"tags = { "exam" },"#).theme == .revision)
    #expect(try schedule(#"tags = { "hiit" }, theme = "Neutral","#).theme == .neutral)
    #expect(try schedule(#"theme = "cooking","#).theme == .cooking)
  }

  @Test(arguments: [
    (
      #"theme = "cookin""#,
      #"r.lua: theme: "cookin" is not a theme; use one of "neutral", "gym", "cooking", "revision"; did you mean "cooking"?"#
    ),
    (#"theme = 3"#, #"r.lua: theme: must be one of "neutral""#),
  ])
  func aBadThemeIsRefusedWithTheChoices(_ entry: String, _ start: String) {
    let problem = RoutineValidationTests.problem(
      "return { \(entry), steps = { { \"Set\", \"1m\" } } }")
    #expect(problem?.hasPrefix(start) == true, "\(problem ?? "accepted")")
  }
}
