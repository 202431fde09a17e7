import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceLua

/// Every problem a routine can have is found before anything runs and reported as one
/// sentence that starts with where it is.
@Suite struct RoutineValidationTests {
  /// Loads, reads and compiles `source` as `r.lua`, and returns the message a user would see.
  static func problem(_ source: String, overrides: [(name: String, value: String)] = []) -> String?
  {
    do {
      let file = try RoutineFile(source: Array(source.utf8), path: "r.lua")
      let routine = try file.routine(overrides: overrides)
      _ = try ScheduleCompiler.compile(
        routine, now: Date(timeIntervalSince1970: 1_800_000_000),
        timeZone: .utc)
      return nil
    } catch let error as RoutineFileError {
      return error.description
    } catch let error as RoutineError {
      return "r.lua: \(error)"
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test(arguments: [
    (
      #"return { stpes = { { "Set", "2m" } } }"#,
      #"r.lua: stpes: unknown key; did you mean "steps"?"#
    ),
    (
      #"return { steps = { { "Set", "2 minutes" } } }"#,
      #"r.lua: steps[1].duration: "2 minutes" is not a duration; try "2m""#
    ),
    (
      #"return { steps = { { "Set", 0 } } }"#,
      "r.lua: steps[1].duration: 0 is no time at all; a step must last at least a millisecond"
    ),
    (
      #"return { steps = { { "Set", -5 } } }"#,
      "r.lua: steps[1].duration: -5 is negative; a duration must be positive"
    ),
    (
      #"return { steps = { { "Set", 0/0 } } }"#,
      "r.lua: steps[1].duration: NaN is not a finite number of seconds"
    ),
    (
      #"return { steps = { { "Set", math.huge } } }"#,
      "r.lua: steps[1].duration: infinity is not a finite number of seconds"
    ),
    (
      #"return { steps = { { "Set" } } }"#,
      #"r.lua: steps[1]: has no duration; write it after the name, as { "Set", "2m" }, or kind = "manual" to wait for you"#
    ),
    (
      #"return { steps = { { "Set", "2m", kind = "sprint" } } }"#,
      #"r.lua: steps[1].kind: "sprint" is not a kind of step; use "work", "pause" or "manual""#
    ),
    (
      #"return { steps = { { "Stretch", "2m", kind = "manual" } } }"#,
      "r.lua: steps[1].duration: a manual step waits for you, so it takes no duration; remove it, or make the step timed"
    ),
    (
      #"return { steps = { { "Set", "2m", overtime = true } } }"#,
      #"r.lua: steps[1].overtime: only a manual step (kind = "manual") can count overtime"#
    ),
    (
      #"return { steps = { "Set", "2m" } }"#,
      #"r.lua: steps[1]: a step must be a table such as { "Set", "2m" }, not "Set"; did you write a step without its own braces?"#
    ),
    (
      "return { steps = {} }",
      #"r.lua: steps: is empty; add at least one step such as { "Set", "2m" }"#
    ),
    (
      "return {}",
      #"r.lua: the routine is empty: give it steps = { ... } or frame = { length = "2h", intervals = 4 }"#
    ),
    ("return 42", "r.lua: the file must return a table, but it returned 42"),
    ("local x = 1", "r.lua: the file returned nothing; end it with return { ... }"),
    (
      #"return { steps = { { rounds = 0, steps = { { "a", "1m" } } } } }"#,
      "r.lua: steps[1].rounds: must be at least 1, not 0"
    ),
    (
      #"return { steps = { { rounds = 2.5, steps = { { "a", "1m" } } } } }"#,
      "r.lua: steps[1].rounds: must be a whole number, not 2.5"
    ),
    (
      #"return { steps = { { rounds = 1000, steps = { { rounds = 1001, steps = { { "a", "1s" } } } } } } }"#,
      "r.lua: steps: expands to 1,001,000 segments, more than the limit of 1,000,000; use fewer rounds"
    ),
    (
      #"return { steps = { { "a", "1m" } }, frame = { length = "1h", intervals = 2 } }"#,
      "r.lua: frame: the routine has both steps and frame; keep one of them"
    ),
    (
      #"return { frame = { finish = "17:30" } }"#,
      "r.lua: frame: a finish time needs intervals = N to say how many work intervals to cut it into"
    ),
    (
      #"return { frame = { length = "50m", intervals = 4, pause = "20m" } }"#,
      "r.lua: frame.pause: 3 pauses of 20m take 1h of the 50m frame, leaving no time for the 4 intervals; shorten the pause, or lengthen the frame by more than 10m"
    ),
    (
      #"return { frame = { finish = "2h", intervals = 3 } }"#,
      #"r.lua: frame.finish: "2h" is a length, not a clock time; write length = "2h", or a time such as "17:30""#
    ),
    (
      #"return { frame = { finish = "25:00", intervals = 3 } }"#,
      #"r.lua: frame.finish: "25:00" is not a clock time; write it as "17:30", "17:30:15" or "5:30pm""#
    ),
    (
      #"return { frame = { length = "1h", intervals = 3, pauze = "1m" } }"#,
      #"r.lua: frame.pauze: unknown key; did you mean "pause"?"#
    ),
    (
      #"return { steps = { { "a", "1m" } }, on_pause = "hello" }"#,
      #"r.lua: on_pause: must be a function, such as function(ctx) return "Well done" end, not "hello""#
    ),
    (
      #"return { params = { rounds = 3 }, steps = { { rounds = "$rouns", steps = { { "a", "1m" } } } } }"#,
      #"r.lua: steps[1].rounds: "$rouns" names no parameter; did you mean "$rounds"?"#
    ),
    (
      #"return { steps = { { "a", "$work" } } }"#,
      #"r.lua: steps[1].duration: "$work" names no parameter; the routine declares no parameters; add params = { work = ... }"#
    ),
    (
      #"return { steps = { { "a", "10m", every = "12m", reminder = "Stir" } } }"#,
      #"r.lua: steps[1].every: every "12m" never falls inside the step, which lasts 10m"#
    ),
    (
      #"return { steps = { { "a", "10m", reminders = { { at = "11m", label = "x" } } } } }"#,
      #"r.lua: steps[1].reminders[1].at: "11m" is not inside the step, which lasts 10m"#
    ),
    (
      #"return { steps = { { "a", "10m", reminder = "x" } } }"#,
      #"r.lua: steps[1].reminder: a reminder needs every = "3m" to say how often"#
    ),
    (
      #"return { steps = { { "a", "1m" } }, milestones = { 1.5 } }"#,
      #"r.lua: milestones[1]: 1.5 is not a point of the routine; use a fraction above 0 and at most 1, such as 0.5, or "50%""#
    ),
    (
      #"return { steps = { { "a", "1m", name = "b" } } }"#,
      "r.lua: steps[1].name: gives the name twice, by position and as name = ...; keep one"
    ),
    (
      #"return { steps = { { "a", "1m" }, nil, { "b", "1m" } } }"#,
      #"r.lua: steps: has a gap (a nil) in its list of steps such as { "Set", "2m" }"#
    ),
    (
      #"return { steps = { { "a", "400d" } } }"#,
      #"r.lua: steps[1].duration: "400d" is longer than the limit of 366d"#
    ),
    (
      #"return { steps = { { "a", { 1 } } } }"#,
      #"r.lua: steps[1].duration: must be a duration such as "2m" or 90 (seconds), not a table"#
    ),
    (
      "return { steps = { { rounds = 3 } } }",
      "r.lua: steps[1]: has rounds but no steps; add steps = { ... } to say what to repeat"
    ),
    (
      #"return { steps = { { "", "1m" } } }"#,
      #"r.lua: steps[1].name: "" is blank; give it some text"#
    ),
    (
      #"return { steps = { { "a", "1m" } }, quarters = "yes" }"#,
      #"r.lua: quarters: must be true or false, not "yes""#
    ),
    (#"error("custom failure")"#, "r.lua:1: custom failure"),
    (
      #"return { steps = { { kind = "manual" } } }"#,
      "r.lua: steps: the routine has no timed steps; give at least one step a duration"
    ),
    (
      #"return { steps = { { "a", "1m" } }, params = { [1] = 2 } }"#,
      "r.lua: params: has the entry [1]; parameters need names such as rounds = 3"
    ),
    (
      #"return { steps = { { "a", "1m" } }, params = { f = {} } }"#,
      "r.lua: params.f: must default to a number, text or true/false, not a table"
    ),
    (
      #"return { steps = { { "a", "1m", every = "20s", reminder = "x" }, { "b", "1m", kind = "manual", every = "1s" } } }"#,
      #"r.lua: steps[2].duration: a manual step waits for you, so it takes no duration; remove it, or make the step timed"#
    ),
  ])
  func reportsWhereAndWhat(source: String, message: String) {
    #expect(Self.problem(source) == message)
  }

  @Test func overridesAreCheckedAgainstTheDeclaredParameters() {
    let source = #"return { params = { rounds = 3, work = "2m" }, steps = { { "Set", "$work" } } }"#
    #expect(
      Self.problem(source, overrides: [("rouns", "5")])
        == #"r.lua: --set rouns=5: the routine has no parameter "rouns"; did you mean "rounds"?"#)
    #expect(
      Self.problem(source, overrides: [("rounds", "many")])
        == "r.lua: --set rounds=many: rounds takes a whole number, like its default 3")
    #expect(
      Self.problem(source, overrides: [("work", "2 minutes")])
        == #"r.lua: steps[1].duration: "2 minutes" is not a duration; try "2m""#)
    #expect(Self.problem(source, overrides: [("work", "90s")]) == nil)
  }

  @Test func overrideErrorsAreCommandLineErrors() throws {
    let file = try RoutineFile(
      source: Array(#"return { params = { n = 1 }, steps = { { "a", "1m" } } }"#.utf8),
      path: "r.lua")
    let error = #expect(throws: RoutineError.self) { try file.routine(overrides: [("m", "2")]) }
    #expect(error?.source == .commandLine)
  }

  @Test func parametersFlowIntoTheSchedule() throws {
    let file = try RoutineFile(
      source: Array(
        #"""
        return {
          params = { rounds = 2, work = "1m", rest = 15, loud = false },
          steps = { { rounds = "$rounds", steps = { { "Set", "$work" }, { "Rest", "$rest", kind = "rest" } } } },
        }
        """#.utf8), path: "p.lua")
    let routine = try file.routine(overrides: [("rounds", "3"), ("work", "1m30s")])
    #expect(routine.name == "p")
    #expect(routine.parameters.first { $0.name == "rounds" }?.isOverridden == true)
    #expect(routine.parameters.first { $0.name == "rest" }?.isOverridden == false)
    let schedule = try ScheduleCompiler.compile(routine, now: Date(), timeZone: .current)
    #expect(schedule.segments.map(\.duration) == [90_000, 15_000, 90_000, 15_000, 90_000, 15_000])
    #expect(schedule.segments.map(\.kind) == [.work, .pause, .work, .pause, .work, .pause])
  }

  @Test func hooksAreRecorded() throws {
    let file = try RoutineFile(
      source: Array(
        #"return { steps = { { "a", "1m" } }, on_start = function() end, on_finish = print }"#.utf8),
      path: "h.lua")
    #expect(try file.routine().hooks == [.onStart, .onFinish])
  }

  @Test func missingFilesAndDirectoriesAreNotRoutineErrors() throws {
    #expect(throws: RoutineFileError.missing("/nonexistent/r.lua")) {
      try RoutineFile(path: "/nonexistent/r.lua")
    }
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: RoutineFileError.directory(directory)) { try RoutineFile(path: directory) }
  }

  @Test func aHundredThousandLiteralStepsLoadAndCompile() throws {
    let source =
      "local s = {}\nfor i = 1, 100000 do s[i] = { \"Step\", 1 } end\nreturn { steps = s }\n"
    // A generous wall clock: the point is the result; speed is scripts/bench's business.
    let file = try RoutineFile(
      source: Array(source.utf8), path: "big.lua", limits: SandboxLimits(loadSeconds: 30))
    let schedule = try ScheduleCompiler.compile(
      try file.routine(), now: Date(), timeZone: .current)
    #expect(schedule.segments.count == 100_000)
    #expect(schedule.total == 100_000_000)
  }
}
