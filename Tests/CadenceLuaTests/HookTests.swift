import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceLua

/// Hooks: what they are told, what they may return, and what happens when they misbehave.
@Suite(.timeLimit(.minutes(10))) struct HookTests {
  /// A gym-like routine whose hooks are `hooks` (Lua table entries), loaded and compiled.
  func load(_ hooks: String, limits: HookLimits = HookLimits()) throws -> (RoutineHooks, Engine) {
    let source = """
      return {
        name = "Hooked",
        params = { rounds = 2, work = "1m", loud = true, ratio = 0.5 },
        steps = {
          { "Warm-up", "30s" },
          { rounds = "$rounds", steps = { { "Set", "$work" }, { "Rest", "10s", kind = "pause" } } },
        },
        \(hooks)
      }
      """
    let file = try RoutineFile(source: Array(source.utf8), path: "hooked.lua")
    let routine = try file.routine()
    let schedule = try ScheduleCompiler.compile(routine, now: Date(), timeZone: .current)
    return (
      RoutineHooks(file: file, hooks: routine.hooks, limits: limits), Engine(schedule: schedule)
    )
  }

  /// The context of the first pause of the routine: Rest, round 1 of 2, at 1m30s of 2m50s.
  func pauseContext(_ engine: Engine) -> HookContext {
    var engine = engine
    _ = engine.start(at: 0)
    let events = engine.advance(to: 90_000)
    let start = events.first { $0.kind == .segmentStart && $0.segment == 3 }!
    return HookContext(event: start, engine: engine)
  }

  @Test func theContextCarriesWhatTheBriefPromises() throws {
    let (hooks, engine) = try load(
      """
      on_pause = function(ctx)
        return table.concat({ ctx.routine, ctx.event, ctx.step.name, ctx.step.kind, ctx.name,
          ctx.round, ctx.rounds, ctx.elapsed, ctx.remaining, ctx.percent, ctx.next.name,
          ctx.next.kind, ctx.next.duration, ctx.params.rounds, tostring(ctx.params.loud),
          ctx.params.work, ctx.params.ratio, ctx.index, ctx.count, ctx.elapsed_ms }, "|")
      end,
      """)
    let outcome = hooks.call(.onPause, context: pauseContext(engine))
    #expect(
      outcome
        == .message(
          HookResult(
            message:
              "Hooked|pause|Rest|pause|Rest|1|2|90|80|52|Set|work|60|2|true|1m|0.5|3|5|90000")))
  }

  @Test func aTableResultCarriesTitleSoundAndUrgency() throws {
    let (hooks, engine) = try load(
      """
      on_pause = function(ctx)
        return { message = "Breathe", title = "Rest", sound = "chime.wav", urgency = "critical" }
      end,
      """)
    #expect(
      hooks.call(.onPause, context: pauseContext(engine))
        == .message(
          HookResult(message: "Breathe", title: "Rest", sound: "chime.wav", urgency: .critical)))
  }

  @Test func nothingOrAMissingHookMeansTheDefault() throws {
    let (hooks, engine) = try load("on_pause = function(ctx) end,")
    #expect(hooks.call(.onPause, context: pauseContext(engine)) == .nothing)
    #expect(hooks.call(.onWork, context: pauseContext(engine)) == .nothing)
  }

  @Test func aFailingHookIsReportedOnceWithFileAndLine() throws {
    let (hooks, engine) = try load(
      """
      on_pause = function(ctx)
        error("the kettle is empty")
      end,
      """)
    #expect(
      hooks.call(.onPause, context: pauseContext(engine))
        == .failed(
          "hooked.lua:9: on_pause failed: the kettle is empty; Cadence's own messages stand in for it from now on"
        ))
    #expect(hooks.call(.onPause, context: pauseContext(engine)) == .nothing)
    #expect(hooks.failed == [.onPause])
  }

  @Test func garbageIsAFailure() throws {
    let (hooks, engine) = try load("on_pause = function(ctx) return true end,")
    #expect(
      hooks.call(.onPause, context: pauseContext(engine))
        == .failed(
          "hooked.lua: on_pause returned a boolean; return text, or a table such as { message = \"...\" }; Cadence's own messages stand in for it from now on"
        ))
  }

  @Test func aLoopingHookIsStoppedByItsBudget() throws {
    // A roomy wall clock: under a loaded machine 1,000,000 instructions can take longer than
    // the default 40 ms, and this test is about the instruction budget.
    let (hooks, engine) = try load(
      "on_pause = function(ctx) while true do end end,", limits: HookLimits(seconds: 10))
    let started = ContinuousClock.now
    guard case .failed(let sentence) = hooks.call(.onPause, context: pauseContext(engine)) else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      sentence.hasPrefix("hooked.lua:8: on_pause ran past its budget of 1000000 instructions"))
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func aHookStuckInASlowPatternIsStoppedByItsDeadline() throws {
    let (hooks, engine) = try load(
      "on_pause = function(ctx) return (string.rep('a', 20000)):find('.-.-.-.-.-.-b') end,",
      limits: HookLimits(instructions: 1_000_000_000, seconds: 0.04))
    guard case .failed(let sentence) = hooks.call(.onPause, context: pauseContext(engine)) else {
      Issue.record("expected a failure")
      return
    }
    #expect(sentence.contains("on_pause ran past its time allowance of 40 ms"))
  }

  @Test func manyCallsTogetherAreStoppedAtTheTotalAllowance() throws {
    // Each call is well inside its own roomy limits; a hundred of them are not inside 0.3 s.
    let (hooks, engine) = try load(
      "on_pause = function(ctx) local n = 0 for i = 1, 20000000 do n = n + i end return 'x' end,",
      limits: HookLimits(instructions: 1_000_000_000, seconds: 10, total: 0.3))
    let context = pauseContext(engine)
    let started = ContinuousClock.now
    let made = hooks.callAll(Array(repeating: (HookName.onPause, context), count: 100))
    #expect(ContinuousClock.now - started < .seconds(5))
    guard case .failed(let sentence) = made[0].outcome else {
      Issue.record("expected the batch to fail, got \(made[0].outcome)")
      return
    }
    #expect(sentence.hasPrefix("hooked.lua: the hooks took longer than the 300 ms allowed"))
    #expect(hooks.isStopped)
    #expect(made.dropFirst().allSatisfy { $0.outcome == .nothing })
    #expect(hooks.call(.onPause, context: context) == .nothing)
  }

  @Test func aHookCannotEscapeTheSandbox() throws {
    let (hooks, engine) = try load(
      "on_pause = function(ctx) return io.open('/etc/passwd'):read('a') end,")
    guard case .failed(let sentence) = hooks.call(.onPause, context: pauseContext(engine)) else {
      Issue.record("expected a failure")
      return
    }
    #expect(sentence.contains("'io' is not available to Cadence routines"))
  }

  @Test func messagesAreMadeSafeForATerminal() throws {
    let (hooks, engine) = try load(
      #"on_pause = function(ctx) return "\27[2J\27]0;owned\7Rest" .. string.rep("!", 600) end,"#)
    guard case .message(let result) = hooks.call(.onPause, context: pauseContext(engine)) else {
      Issue.record("expected a message")
      return
    }
    #expect(!result.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(result.message.hasPrefix("[2J ]0;owned Rest!!"))
    #expect(result.message.count == HookResult.maximumLength)
  }

  @Test func stateKeptBetweenCallsIsTheRoutinesOwn() throws {
    let (hooks, engine) = try load(
      """
      on_pause = (function() local n = 0 return function() n = n + 1 return "call " .. n end end)(),
      """)
    let context = pauseContext(engine)
    #expect(hooks.call(.onPause, context: context) == .message(HookResult(message: "call 1")))
    #expect(hooks.call(.onPause, context: context) == .message(HookResult(message: "call 2")))
  }
}
