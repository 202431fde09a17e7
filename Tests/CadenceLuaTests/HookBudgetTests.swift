import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceLua

/// A hook stuck in a C function that does huge work stops at once on its instruction budget,
/// with the line, instead of running until something kills it.
@Suite(.timeLimit(.minutes(10))) struct HookBudgetTests {
  func call(_ body: String) throws -> (HookOutcome, Duration) {
    let source = """
      return {
        name = "Stuck",
        steps = { { "Work", "1m" }, { "Rest", "10s", kind = "pause" } },
        on_work = function(ctx) \(body) end,
      }
      """
    let file = try RoutineFile(source: Array(source.utf8), path: "stuck.lua")
    let routine = try file.routine()
    let schedule = try ScheduleCompiler.compile(routine, now: Date(), timeZone: .current)
    var engine = Engine(schedule: schedule)
    let events = engine.start(at: 0)
    // A roomy clock: these calls must stop on the budget, before any clock could stop them.
    let hooks = RoutineHooks(
      file: file, hooks: routine.hooks, limits: HookLimits(instructions: 1_000_000, seconds: 10))
    let started = ContinuousClock.now
    let outcome = hooks.call(.onWork, context: HookContext(event: events[0], engine: engine))
    return (outcome, ContinuousClock.now - started)
  }

  @Test(arguments: [
    "return string.rep('x', 1e8)",
    "table.move({}, 1, 1e12, 1)",
    "table.sort(setmetatable({}, { __len = function() return 1e9 end, "
      + "__index = rawlen, __newindex = rawequal }))",
    "table.insert(setmetatable({}, { __len = function() return 1e15 end }), 1, 0)",
    "return table.concat(setmetatable({}, { __index = tostring }), '', 1, 1e12)",
    "return string.rep('(', 1e6):find('%b()')",
  ])
  func aHookStuckInACFunctionStopsOnItsBudget(body: String) throws {
    let (outcome, elapsed) = try call(body)
    guard case .failed(let sentence) = outcome else {
      Issue.record("expected the hook to fail, got \(outcome)")
      return
    }
    #expect(
      sentence.hasPrefix("stuck.lua:4: on_work ran past its budget of 1000000 instructions"),
      "\(sentence)")
    #expect(elapsed < .seconds(2))
  }
}
