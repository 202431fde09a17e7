import CadenceCore
import Testing

@testable import CadenceLua

/// Hostile scripts: each must end in a clear error, quickly, never a crash or a hang.
@Suite(.timeLimit(.minutes(10))) struct SandboxTests {
  /// The default allowances but a generous wall clock, for tests about something else than
  /// time that must also pass under the sanitizers, which slow Lua down several times over.
  static let roomy = SandboxLimits(loadSeconds: 30)

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

  func expectBudget(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
    switch load(source) {
    case .failure(.instructionBudget), .failure(.deadline): break
    case let other:
      Issue.record("expected a budget error, got \(other)", sourceLocation: sourceLocation)
    }
  }

  func expectMemory(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let limits = SandboxLimits(memory: 32 << 20, loadSeconds: Self.roomy.loadSeconds)
    switch load(source, limits: limits) {
    case .failure(.memory(let chunk, let limit)):
      #expect(chunk == "hostile.lua" && limit == 32 << 20, sourceLocation: sourceLocation)
    case let other:
      Issue.record("expected a memory error, got \(other)", sourceLocation: sourceLocation)
    }
  }

  @Test func endlessLoop() {
    expectBudget("while true do end")
  }

  @Test func endlessLoopInsidePcallCannotBeSwallowed() {
    expectBudget("while true do pcall(function() while true do end end) end")
  }

  @Test func endlessLoopInsideXpcallHandler() {
    expectBudget(
      "while true do xpcall(function() while true do end end, function() while true do end end) end"
    )
  }

  @Test func errorsCaughtByCoroutineResumeAreRethrownAfterATrip() {
    expectBudget(
      """
      while true do
        coroutine.resume(coroutine.create(function() while true do end end))
      end
      """)
  }

  @Test func endlessCoroutines() {
    expectBudget(
      """
      local function spin() while true do coroutine.yield() end end
      while true do
        local c = coroutine.create(function()
          while true do local d = coroutine.wrap(spin); d() end
        end)
        coroutine.resume(c)
      end
      """)
  }

  @Test func closeHandlerOfAWrappedCoroutineCannotRunUnbudgeted() {
    expectBudget(
      """
      local f = coroutine.wrap(function()
        local x <close> = setmetatable({}, { __close = function() while true do end end })
        while true do end
      end)
      f()
      """)
  }

  @Test func closeHandlerInTheMainThread() {
    expectBudget(
      """
      while true do
        pcall(function()
          local x <close> = setmetatable({}, { __close = function() while true do end end })
          while true do end
        end)
      end
      """)
  }

  @Test func memoryBombWithStringRep() {
    expectMemory("local s = string.rep('x', 100 * 1024 * 1024)")
  }

  @Test func memoryBombByDoublingAString() {
    expectMemory("local s = 'x' while true do s = s .. s end")
  }

  @Test func memoryBombByGrowingATable() {
    expectMemory("local t = {} local i = 0 while true do i = i + 1 t[i] = { i } end")
  }

  @Test func memoryErrorsCaughtByPcallAreRethrown() {
    expectMemory("while true do pcall(string.rep, 'x', 100 * 1024 * 1024) end")
  }

  @Test func deepRecursionIsAStackOverflowError() {
    guard
      case .failure(.runtime(let message)) = load(
        "local function f() return 1 + f() end f()", limits: Self.roomy)
    else {
      Issue.record("expected a runtime error")
      return
    }
    #expect(message.hasPrefix("hostile.lua:1:"))
    #expect(message.contains("stack overflow"))
  }

  @Test func recursionThroughPcall() {
    expectBudget("local function f() pcall(f) f() end f()")
  }

  @Test func binaryChunkAsTheFile() {
    #expect(load("\u{1B}Lua\u{54}\u{00}") == .failure(.binaryChunk("hostile.lua")))
  }

  /// A binary chunk that the mode would let Lua load is refused as load refuses any chunk:
  /// nil and a message, from a string or from a reader function.
  @Test(arguments: [
    "load('\\27Lua\\84\\0junk', 'x', 'b')", "load('\\27Lua\\84\\0junk', 'x', 'bt')",
    "load(function() local s = piece piece = nil return s end, 'x', 'b')",
  ])
  func binaryChunkThroughLoad(call: String) throws {
    let result = try load(
      "local piece = '\\27Lua\\84\\0junk' local f, err = \(call) return tostring(f) .. ' ' .. err"
    ).get()
    #expect(
      result == .string("nil attempt to load a binary chunk (Cadence routines load text only)"))
  }

  /// A mode without "b" refuses a binary chunk in Lua's own words, and one without "t" a text
  /// chunk; `load` without arguments names the argument as Lua does.
  @Test func loadModesAndArgumentsAsLua() throws {
    let result = try load(
      """
      local _, a = load('return 1', 'c', 'b')
      local _, b = load('\\27Lua', 'c', 't')
      local _, c = pcall(load)
      local f = load('return x', 'c', 't', nil)
      local ok, d = pcall(f)
      return table.concat({ a, b, c, d }, '|')
      """
    ).get()
    #expect(
      result
        == .string(
          "attempt to load a text chunk (mode is 'b')|attempt to load a binary chunk (mode is 't')|"
            + "bad argument #1 to 'load' (function expected, got no value)|"
            + "[string \"c\"]:1: attempt to index a nil value (upvalue '_ENV')"))
  }

  @Test func binaryChunkThroughLoadWithoutAMode() throws {
    let result = try load("local f, err = load('\\27Lua\\84\\0junk') return err").get()
    guard case .string(let message) = result else {
      Issue.record("expected load to report an error, got \(String(describing: result))")
      return
    }
    #expect(message.contains("attempt to load a binary chunk"))
  }

  @Test func finalisersAreRefused() {
    #expect(
      load("setmetatable({}, { __gc = function() while true do end end })")
        == .failure(
          .runtime("hostile.lua:1: finalisers (__gc) are not allowed in Cadence routines")))
  }

  @Test(arguments: [
    "local s = string.rep('a', 5000) return s:find('.-.-.-.-.-.-.-.-.-b')",
    "local s = string.rep('a', 3000) return s:match('(.*)(.*)(.*)(.*)(.*)b')",
    "local s = string.rep('a', 5000) return s:gsub('.-.-.-.-.-b', '')",
    "local s = string.rep('a', 5000) for x in s:gmatch('.-.-.-.-.-b') do end",
  ])
  func catastrophicPatterns(source: String) {
    expectBudget(source)
  }

  @Test func errorObjectWhoseToStringErrors() {
    #expect(
      load("error(setmetatable({}, { __tostring = function() error('again') end }))")
        == .failure(
          .runtime("hostile.lua: the script raised an error that is a table value, not a message")))
  }

  @Test func errorObjectWhoseToStringLoops() {
    #expect(
      load("error(setmetatable({}, { __tostring = function() while true do end end }))")
        == .failure(
          .runtime("hostile.lua: the script raised an error that is a table value, not a message")))
  }

  @Test(arguments: [
    ("io.write('x')", "'io'"), ("package.loaded.x = 1", "'package'"),
    ("require('os')", "'require'"),
    ("debug.getinfo(1)", "'debug'"), ("dofile('/etc/passwd')", "'dofile'"),
    ("loadfile('/etc/passwd')", "'loadfile'"), ("collectgarbage()", "'collectgarbage'"),
    ("string.dump(print)", "'string.dump'"), ("os.execute('true')", "'os.execute'"),
    ("os.exit(1)", "'os.exit'"), ("os.getenv('HOME')", "'os.getenv'"),
    ("os.remove('/tmp/x')", "'os.remove'"), ("os.rename('a', 'b')", "'os.rename'"),
    ("os.tmpname()", "'os.tmpname'"), ("os.setlocale('C')", "'os.setlocale'"),
  ])
  func removedLibrariesSayTheyAreNotAvailable(source: String, name: String) {
    #expect(
      load(source)
        == .failure(
          .runtime(
            "hostile.lua:1: \(name) is not available to Cadence routines (they run in a sandbox)")))
  }

  @Test func removedNamesCannotBeReachedThroughRawget() throws {
    let value = try load("return tostring(rawget(_G, 'io')) .. tostring(rawget(os, 'execute'))")
      .get()
    #expect(value == .string("nilnil"))
  }

  @Test func stringMetatableIsLocked() throws {
    #expect(try load("return getmetatable('')").get() == .string("locked"))
    guard case .failure = load("setmetatable(getmetatable(''), {})") else {
      Issue.record("changing the string metatable should fail")
      return
    }
  }

  @Test func globalMetatableIsLocked() {
    guard case .failure = load("setmetatable(_G, nil)") else {
      Issue.record("changing the global metatable should fail")
      return
    }
  }

  @Test func whatIsAllowedStillWorks() throws {
    let value = try load(
      """
      local parts = {}
      for word in ("a b c"):gmatch("%a") do parts[#parts + 1] = word end
      local ok = pcall(error, "x")
      local co = coroutine.wrap(function() coroutine.yield(1) end)
      return table.concat(parts) .. tostring(ok) .. co() .. math.max(1, 2)
        .. type(os.time()) .. type(os.date("%Y")) .. utf8.char(72) .. select("#", 1, 2)
      """
    ).get()
    #expect(value == .string("abcfalse12numberstringH2"))
  }

  @Test func printGoesToABoundedBuffer() throws {
    let sandbox = try LuaSandbox(limits: Self.roomy)
    _ = try sandbox.run(
      source: Array("print('hello', 42) for i = 1, 100000 do print(string.rep('y', 100)) end".utf8),
      chunk: "noisy.lua", keepingAs: "test")
    let output = sandbox.takeOutput()
    #expect(output.text.hasPrefix("hello\t42\n"))
    #expect(output.text.utf8.count < 16384)
    #expect(output.truncated)
    #expect(sandbox.takeOutput().text.isEmpty)
  }

  @Test func returnedTableThatRefersToItselfIsRefused() {
    guard case .failure(.tooComplex(_, let reason)) = load("local t = {} t.t = t return t") else {
      Issue.record("expected tooComplex")
      return
    }
    #expect(reason.contains("nests deeper than 64 levels"))
  }

  @Test func syntaxErrorsCarryTheLine() {
    #expect(
      load("return {\n  steps = {\n")
        == .failure(.syntax("hostile.lua:3: unexpected symbol near <eof>")))
  }

  @Test func aSandboxIsUsableAfterATrip() throws {
    let sandbox = try LuaSandbox()
    #expect(throws: LuaError.self) {
      try sandbox.run(source: Array("while true do end".utf8), chunk: "a.lua", keepingAs: "a")
    }
    let value = try sandbox.run(source: Array("return 7".utf8), chunk: "b.lua", keepingAs: "b")
    #expect(value == .integer(7))
  }
}
