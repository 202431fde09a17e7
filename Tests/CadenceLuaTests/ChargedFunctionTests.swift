import CadenceCore
import Testing

@testable import CadenceLua

/// C functions that do work in proportion to their arguments charge it to the budget as they
/// do it, so that a hostile call stops with the line that made it, and an error Lua would raise
/// first is raised first; the pattern matcher's inner loops count their work.
@Suite(.timeLimit(.minutes(10))) struct ChargedFunctionTests {
  func load(_ source: String, limits: SandboxLimits = SandboxLimits()) -> Result<
    ScriptValue?, LuaError
  > {
    do {
      let sandbox = try LuaSandbox(limits: limits)
      return .success(
        try sandbox.run(source: Array(source.utf8), chunk: "hostile.lua", keepingAs: "test"))
    } catch {
      return .failure(error)
    }
  }

  /// The script must stop on its instruction budget at `line`, well within a generous time
  /// allowance (so that a slow machine cannot turn it into a deadline): the work is charged as
  /// it is done, so stopping takes as long as the budget's worth of work.
  func expectImmediateBudget(
    _ source: String, line: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let started = ContinuousClock.now
    let result = load(source, limits: SandboxLimits(loadSeconds: 30))
    #expect(ContinuousClock.now - started < .seconds(10), sourceLocation: sourceLocation)
    guard case .failure(.instructionBudget(let location, _)) = result else {
      Issue.record("expected a budget error, got \(result)", sourceLocation: sourceLocation)
      return
    }
    #expect(location == "hostile.lua:\(line):", sourceLocation: sourceLocation)
  }

  /// The script must stop on its budget or its deadline, naming a line of the file.
  func expectStopped(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let started = ContinuousClock.now
    let result = load(source)
    #expect(ContinuousClock.now - started < .seconds(3), sourceLocation: sourceLocation)
    switch result {
    case .failure(.instructionBudget(let location, _)), .failure(.deadline(let location, _)):
      #expect(location.hasPrefix("hostile.lua:"), sourceLocation: sourceLocation)
    case let other:
      Issue.record("expected a budget error, got \(other)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [
    ("local x = 1\ntable.move({}, 1, 1e12, 1)", 2),
    (
      "local t = setmetatable({}, { __len = function() return 1e15 end })\ntable.insert(t, 1, 0)", 2
    ),
    ("local t = setmetatable({}, { __len = function() return 1e15 end })\ntable.remove(t, 1)", 2),
    (
      "local t = setmetatable({}, { __len = function() return 1e9 end })\n"
        + "table.sort(t, function(a, b) return false end)", 2
    ),
  ])
  func hugeCallsStopOnTheirBudget(source: String, line: Int) {
    expectImmediateBudget(source, line: line)
  }

  /// Where Lua raises an error before doing the work, the sandbox raises the same error, which
  /// a script can catch, rather than stopping it on a limit: the work is charged as it is done.
  @Test(arguments: [
    ("return pcall(string.rep, 'x', 1e12)", "resulting string too large"),
    ("return pcall(string.rep, 'ab', 1 << 30, ',')", "resulting string too large"),
    ("return pcall(string.rep, '', 1e12, ',')", "resulting string too large"),
    ("return pcall(table.unpack, {}, 1, 1e8)", "too many results to unpack"),
    ("return pcall(table.unpack, {}, 1, 5e6)", "too many results to unpack"),
    (
      "local t = setmetatable({}, { __len = function() return 1e9 end })\nreturn pcall(table.sort, t)",
      "attempt to compare two nil values"
    ),
    (
      "local p = setmetatable({}, { __len = function() return 1e15 end, "
        + "__index = function(_, k) error('no ' .. k, 0) end })\nreturn pcall(table.insert, p, 1, 0)",
      "no 1000000000000000"
    ),
    (
      "local p = setmetatable({}, { __len = function() return 1e15 end, "
        + "__newindex = function(_, k) error('no ' .. k, 0) end })\nreturn pcall(table.remove, p, 1)",
      "no 1"
    ),
    (
      "local p = setmetatable({}, { __index = function(_, k) error('no ' .. k, 0) end })\n"
        + "return pcall(table.move, p, 1, 1e12, 2)",
      "no 1000000000000"
    ),
    (
      "local p = setmetatable({}, { __len = function() return (1 << 31) - 2 end, "
        + "__index = function(_, k) error('no ' .. k, 0) end, __newindex = rawset })\n"
        + "return pcall(table.sort, p)",
      "no 1"
    ),
  ])
  func luasOwnErrorComesFirst(source: String, message: String) throws {
    let started = ContinuousClock.now
    let value = try load("local ok, err = (function()\n\(source)\nend)() return err").get()
    #expect(ContinuousClock.now - started < .seconds(2))
    guard case .string(let text) = value else {
      Issue.record("expected an error message, got \(String(describing: value))")
      return
    }
    #expect(text.hasSuffix(message), "\(text)")
  }

  @Test func repeatingNothingIsNothingAtOnce() throws {
    let started = ContinuousClock.now
    #expect(
      try load("return string.rep('', 1e12) .. string.rep('', 1e12, '')").get() == .string(""))
    #expect(ContinuousClock.now - started < .seconds(2))
  }

  @Test(arguments: [
    "local t = setmetatable({}, { __index = function() return 'x' end })\nreturn table.concat(t, '', 1, 1e12)",
    "local t = setmetatable({}, { __index = tostring })\nreturn table.concat(t, '', 1, 1e12)",
    "local s = string.rep('(', 5e6)\nfor i = 1, 1000 do s:find('%b()') end",
    "local set = '[' .. string.rep('a', 1e6) .. ']'\nlocal s = string.rep('b', 1e5)\nreturn s:find(set .. 'x')",
    "local s = string.rep('b', 1e6)\nfor i = 1, 1e6 do s:find('[%a%d]*c') end",
    // 10 MB, not 50: each upper holds a copy and a buffer, and three 50 MB strings with the
    // garbage of the last call could reach the 256 MB cap before the budget (under a loaded
    // whole-suite run it did); the case is about the budget, not the cap.
    "local s = string.rep('a', 10e6)\nfor i = 1, 10000 do s:upper() end",
    "local t = {}\nfor i = 1, 5e6 do table.insert(t, 1, i) end",
    "local s = string.rep('x', 30e6)\nwhile true do local t = s .. s end",
  ])
  func slowCallsStopWithinTheirAllowance(source: String) {
    expectStopped(source)
  }

  @Test func anEndlessCommentFromALoadReaderIsCut() throws {
    let value = try load(
      """
      local piece = string.rep("x", 1 << 20)
      local first = true
      local f, err = load(function() if first then first = false return "--[[" end return piece end)
      return err
      """, limits: SandboxLimits(loadSeconds: 30)
    ).get()
    guard case .string(let message) = value else {
      Issue.record("expected load to fail, got \(String(describing: value))")
      return
    }
    #expect(message.contains("the reader function gave load more than 16 MB of text"))
  }

  @Test func aMemoryErrorInsideLoadStaysAnError() {
    let limits = SandboxLimits(memory: 32 << 20, loadSeconds: 30)
    let result = load(
      "local f, err = load(function() return string.rep('x', 40 * 1024 * 1024) end) return err",
      limits: limits)
    guard case .failure(.memory) = result else {
      Issue.record("expected a memory error, got \(result)")
      return
    }
  }

  @Test func aBudgetTripInsideALoadReaderStaysAnError() {
    expectStopped("local f, err = load(function() while true do end end) return err")
  }
}
