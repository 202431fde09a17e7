import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceLua

/// A coroutine that a limit stopped never runs again, and coroutines cannot nest deep enough
/// to crash the interpreter.
@Suite(.timeLimit(.minutes(10))) struct CoroutineLimitTests {
  func hooks(_ hooks: String) throws -> (RoutineHooks, HookContext) {
    let source = """
      return {
        name = "Held",
        steps = { { "Work", "1m" }, { "Rest", "10s", kind = "pause" } },
        \(hooks)
      }
      """
    let file = try RoutineFile(source: Array(source.utf8), path: "held.lua")
    let routine = try file.routine()
    let schedule = try ScheduleCompiler.compile(routine, now: Date(), timeZone: .current)
    var engine = Engine(schedule: schedule)
    let events = engine.start(at: 0)
    // A roomy wall clock: under a loaded machine the default 40 ms can run out before the
    // instruction budget does, and stop the whole worker; this suite is about the budget.
    return (
      RoutineHooks(file: file, hooks: routine.hooks, limits: HookLimits(seconds: 10)),
      HookContext(event: events[0], engine: engine)
    )
  }

  @Test(arguments: [
    ("coroutine.resume(held)", "held = coroutine.create(body) coroutine.resume(held)"),
    ("coroutine.close(held)", "held = coroutine.create(body) coroutine.resume(held)"),
    ("held()", "held = coroutine.wrap(body) held()"),
  ])
  func aStoppedCoroutineNeverRunsAgain(use: String, start: String) throws {
    let (hooks, context) = try hooks(
      """
      on_pause = function(ctx)
        local function body()
          local x <close> = setmetatable({}, { __close = function() closed = true while true do end end })
          while true do end
        end
        \(start)
      end,
      on_work = function(ctx)
        local ok, err = pcall(function() return \(use) end)
        return tostring(ok) .. "|" .. tostring(err) .. "|" .. tostring(closed)
      end,
      """)
    guard case .failed(let sentence) = hooks.call(.onPause, context: context) else {
      Issue.record("the looping coroutine should have stopped the hook")
      return
    }
    #expect(sentence.contains("ran past its"))
    let started = ContinuousClock.now
    let outcome = hooks.call(.onWork, context: context)
    // Unbounded, the __close loop would run until the 10 s deadline.
    #expect(ContinuousClock.now - started < .seconds(5))
    guard case .message(let result) = outcome else {
      Issue.record("expected the second hook to report, got \(outcome)")
      return
    }
    #expect(result.message.hasPrefix("false|"))
    #expect(result.message.contains("a coroutine that was stopped for running past its limits"))
    #expect(result.message.hasSuffix("|nil"))
  }

  /// Lua 5.4.4 crashes (SIGSEGV) after some 20,000 coroutines closed inside one another's
  /// __close handlers; past a depth of 150 the sandbox refuses with an error instead.
  @Test func closingCoroutinesInsideOneAnotherIsLimited() throws {
    let sandbox = try LuaSandbox(limits: SandboxLimits(loadSeconds: 30))
    let value = try sandbox.run(
      source: Array(
        """
        local cos = {}
        for i = 1, 30000 do
          local nextone = cos[i - 1]
          cos[i] = coroutine.create(function()
            local x <close> = setmetatable({}, { __close = function()
              if nextone then
                local ok, err = coroutine.close(nextone)
                if not ok then refused = refused or err end
              end
            end })
            coroutine.yield()
          end)
          coroutine.resume(cos[i])
        end
        coroutine.close(cos[#cos])
        return refused
        """.utf8), chunk: "chain.lua", keepingAs: "chain")
    guard case .string(let message) = value else {
      Issue.record("expected the chain to be refused, got \(String(describing: value))")
      return
    }
    #expect(message.contains("nest deeper than 150 levels"))
  }

  @Test func shallowCoroutinesStillWork() throws {
    let sandbox = try LuaSandbox()
    let value = try sandbox.run(
      source: Array(
        """
        local function nest(n)
          if n == 0 then return 0 end
          return coroutine.wrap(function() return 1 + nest(n - 1) end)()
        end
        local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
        local _, x = coroutine.resume(co, 1)
        local _, y = coroutine.resume(co, 10)
        return nest(100) + x + y + (coroutine.close(co) and 1 or 0)
        """.utf8), chunk: "fine.lua", keepingAs: "fine")
    #expect(value == .integer(123))
  }
}
