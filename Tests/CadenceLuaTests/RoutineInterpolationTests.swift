import CadenceCore
import Foundation
import Testing

@testable import CadenceLua

/// `$name` in a routine's text (names, labels, its description) is filled with that
/// parameter's value, so `"Revise $subject"` reads as the parameter says; an unknown name is a
/// problem with a suggestion, and `$$` is a `$`.
@Suite struct RoutineInterpolationTests {
  let source = """
    return {
      name = "Revise $subject",
      params = { subject = "Maths", rounds = 3, pace = "25m" },
      steps = {
        { name = "Block", rounds = "$rounds", steps = {
          { "Revise ${subject}: part of $rounds", "$pace", every = "10m", reminder = "Still on $subject?" },
          { "Pay $$5, save $5 or say $ and $", "1m", kind = "pause" },
        }},
      },
    }
    """

  func schedule(_ overrides: [(name: String, value: String)] = []) throws -> Schedule {
    let file = try RoutineFile(source: Array(source.utf8), path: "r.lua")
    return try ScheduleCompiler.compile(
      try file.routine(overrides: overrides), now: Date(), timeZone: .utc)
  }

  @Test func parametersFillTheRoutinesText() throws {
    let plain = try schedule()
    #expect(plain.name == "Revise Maths")
    #expect(plain.segments.first?.name == "Revise Maths: part of 3")
    #expect(plain.segments[1].name == "Pay $5, save $5 or say $ and $")
    #expect(plain.events.first { $0.kind == .reminder }?.label == "Still on Maths?")
    let french = try schedule([("subject", "French")])
    #expect(french.name == "Revise French")
    #expect(french.segments.first?.name == "Revise French: part of 3")
  }

  @Test(arguments: [
    (
      #"name = "Revise $subjet", params = { subject = "Maths" }"#,
      #"r.lua: name: "$subjet" names no parameter; did you mean "$subject"?"#
    ),
    (
      #"name = "Revise ${topic}""#,
      #"r.lua: name: "${topic}" names no parameter; the routine declares no parameters"#
    ),
  ])
  func anUnknownNameIsAProblemWithASuggestion(_ entry: String, _ start: String) {
    let problem = RoutineValidationTests.problem(
      "return { \(entry), steps = { { \"Set\", \"1m\" } } }")
    #expect(problem?.hasPrefix(start) == true, "\(problem ?? "accepted")")
  }
}
