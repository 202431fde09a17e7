import CadenceCore
import CadenceTime
import Foundation
import Testing

/// Seed 003's rules for a task's and a goal's values, each refused with one sentence.
struct PlanningRulesTests {
  func refusal(_ rule: () throws(RuleRefusal) -> some Any) -> String? {
    do {
      _ = try rule()
      return nil
    } catch {
      return error.sentence
    }
  }

  @Test func aNameIsTrimmedPlainTextOfAtMostEightyCharacters() throws {
    #expect(try PlanningRules.name("  Essay \t", of: "task") == "Essay")
    #expect(try PlanningRules.name(String(repeating: "é", count: 80), of: "goal").count == 80)
    #expect(
      refusal { () throws(RuleRefusal) in try PlanningRules.name("   ", of: "goal") }
        == "a goal needs a name")
    #expect(
      refusal { () throws(RuleRefusal) in
        try PlanningRules.name(String(repeating: "x", count: 81), of: "task")
      } == "a task name is at most 80 characters; this one has 81")
    for control in ["a\u{1B}[2Jb", "a\u{7F}b", "a\nb"] {
      #expect(
        refusal { () throws(RuleRefusal) in try PlanningRules.name(control, of: "task") }
          == "a task name is plain text, without control characters")
    }
  }

  @Test func aPriorityIsAWholeNumberFromZeroToTen() throws {
    #expect(try PlanningRules.priority("0") == 0)
    #expect(try PlanningRules.priority("10") == 10)
    for bad in ["11", "-1", "5.5", "high", ""] {
      #expect(
        refusal { () throws(RuleRefusal) in try PlanningRules.priority(bad) }?
          .hasPrefix("--priority takes a whole number from 0 to 10") == true, "\(bad)")
    }
  }

  @Test func aLengthIsAMinuteToTwelveHours() throws {
    #expect(try PlanningRules.length("1m") == 60_000)
    #expect(try PlanningRules.length("12h") == 43_200_000)
    #expect(
      refusal { () throws(RuleRefusal) in try PlanningRules.length("59s", option: "focus") }
        == "focus takes a length from 1m to 12h, such as 25m, not \"59s\"")
    #expect(refusal { () throws(RuleRefusal) in try PlanningRules.length("12h1s") } != nil)
  }

  @Test func aDeadlineIsARealDay() throws {
    #expect(try PlanningRules.deadline("2028-02-29") == "2028-02-29")
    for bad in ["2027-02-29", "2026-13-01", "2026-1-01", "1969-12-31", "26-12-01", "tomorrow"] {
      #expect(
        refusal { () throws(RuleRefusal) in try PlanningRules.deadline(bad) } != nil, "\(bad)")
    }
    #expect(PlanningRules.day("1970-01-02") == Date(timeIntervalSince1970: 86_400))
    let offset = try #require(Zone(posixRule: "<+05>-5"))
    #expect(
      PlanningRules.day("1970-01-02", timeZone: offset) == Date(timeIntervalSince1970: 68_400))
  }

  @Test func tagsAreKeptOnceInAnyCaseAndAtMostARoutinesCount() throws {
    #expect(try PlanningRules.tags("writing, Deep,deep") == ["writing", "Deep"])
    let many = (0...RoutineReader.maximumTags).map { "t\($0)" }.joined(separator: ",")
    #expect(
      refusal { () throws(RuleRefusal) in try PlanningRules.tags(many) }?.hasPrefix(
        "a task has at most") == true)
    #expect(try PlanningRules.weekdays("mon,wed") == [.day(0), .day(2)])
    #expect(refusal { () throws(RuleRefusal) in try PlanningRules.weekdays("funday") } != nil)
  }
}
