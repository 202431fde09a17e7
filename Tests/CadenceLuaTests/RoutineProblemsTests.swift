import CadenceCore
import Testing

@testable import CadenceLua

/// One pass over a routine reports every problem in it, each with the path of its key, and
/// goes on past each one where the rest can still be read.
@Suite struct RoutineProblemsTests {
  static func problems(_ source: String) throws -> [String] {
    let file = try RoutineFile(source: Array(source.utf8), path: "r.lua")
    do {
      _ = try file.routine()
      return []
    } catch {
      return error.all.map(\.description)
    }
  }

  @Test func everyProblemOfAFileInOnePass() throws {
    let source = """
      return {
        nme = "Typo",
        params = { rounds = 3, bad = {} },
        steps = {
          { "Warm-up", "1.5ms" },
          { "Set", "1:5.5", colour = "red" },
          { "Rest", "1h30", kind = "pausee" },
          { "Fine", "1d" },
          { rounds = "x", steps = { { "A", "2 minutes" } } },
        },
        on_pause = "hello",
        milestones = { 2, 0.5 },
      }
      """
    #expect(
      try Self.problems(source) == [
        #"nme: unknown key; did you mean "name"?"#,
        "params.bad: must default to a number, text or true/false, not a table",
        #"steps[1].duration: "1.5ms" is finer than a millisecond, the smallest step Cadence times, so it is not rounded; write "2ms""#,
        "steps[2].colour: unknown key; a step takes name, duration, kind, overtime, every, reminder, reminders and focus",
        #"steps[2].duration: "1:5.5" is not a duration; try "1:05.5""#,
        #"steps[3].kind: "pausee" is not a kind of step; use "work", "pause" or "manual""#,
        #"steps[3].duration: "1h30" is not a duration; try "1h30m""#,
        #"steps[5].rounds: must be a whole number, not "x""#,
        #"steps[5].steps[1].duration: "2 minutes" is not a duration; try "2m""#,
        #"on_pause: must be a function, such as function(ctx) return "Well done" end, not "hello""#,
        #"milestones[1]: 2 is not a point of the routine; use a fraction above 0 and at most 1, such as 0.5, or "50%""#,
      ])
  }

  @Test func frameFieldsAreEachChecked() throws {
    let source =
      #"return { frame = { length = "2 hours", intervals = 0, pause = "-1m", pauze = 1 } }"#
    #expect(
      try Self.problems(source) == [
        #"frame.pauze: unknown key; did you mean "pause"?"#,
        #"frame.length: "2 hours" is not a duration; try "2h""#,
        "frame.intervals: must be at least 1, not 0",
        #"frame.pause: "-1m" is negative; a duration must be positive"#,
      ])
  }

  @Test func aGoodRoutineHasNoProblems() throws {
    #expect(
      try Self.problems(#"return { steps = { { "Set", "1d" }, { "Rest", "1:05.5" } } }"#) == [])
  }
}
