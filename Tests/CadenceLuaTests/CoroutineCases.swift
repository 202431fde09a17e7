/// Generated cases for coroutines, compared with the real lua5.4: bodies that yield, return,
/// raise errors of every type, hold to-be-closed variables whose `__close` logs or raises, and
/// misuse the coroutine functions from inside; driven by resume, status and close, or through
/// a wrap function called again after it died.
enum CoroutineCases {
  static func cases(seed: UInt64, count: Int) -> [(id: String, source: String)] {
    var random = CaseRandom(seed: seed)
    var cases: [(id: String, source: String)] = []
    for index in 0..<count {
      let id = "c\(index)"
      let wrapped = random.oneIn(2)
      var body = "note(\"start\", ...) "
      for step in 0..<random.int(0...5) {
        body += self.step(&random, step: step, wrapped: wrapped) + " "
      }
      body += random.pick(["return \"end\", ...", "return", "error(\"last\")", "return nil, 1"])
      var driver = ""
      for _ in 0..<random.int(1...5) {
        let value = random.pick(["1", "\"v\"", "nil", "{}", ""])
        if wrapped {
          driver += "note(\"W\", pcall(f\(value.isEmpty ? "" : ", " + value))) "
        } else {
          switch random.int(0...5) {
          case 0: driver += "note(\"S\", coroutine.status(f)) "
          case 1: driver += "note(\"C\", coroutine.close(f)) "
          case 2: driver += "note(\"S\", coroutine.status(f), pcall(coroutine.close, f)) "
          default: driver += "note(\"R\", coroutine.resume(f\(value.isEmpty ? "" : ", " + value))) "
          }
        }
      }
      let make = wrapped ? "coroutine.wrap" : "coroutine.create"
      let source =
        "case(\"\(id)\", function() local f f = \(make)(function(...) \(body) end) \(driver)"
        + "return \(wrapped ? "nil" : "coroutine.status(f)") end)"
      cases.append((id, source))
    }
    // Misuse of the functions themselves.
    let misuse = [
      "coroutine.wrap(5)", "coroutine.wrap()", "coroutine.resume(5)", "coroutine.resume()",
      "coroutine.status({})", "coroutine.close(coroutine.running())",
      "coroutine.wrap(function() return coroutine.close(coroutine.running()) end)()",
      "coroutine.wrap(function() error(setmetatable({}, { __tostring = function() return 'x' end })) end)()",
      "coroutine.wrap(function() error() end)()", "coroutine.wrap(function() error(42) end)()",
      "coroutine.wrap(function() error('deep', 2) end)()",
      "coroutine.wrap(function() coroutine.wrap(function() error('in') end)() end)()",
      "coroutine.isyieldable()", "coroutine.yield(1)",
    ]
    for (index, call) in misuse.enumerated() {
      let id = "m\(index)"
      cases.append((id, "case(\"\(id)\", function() return \(call) end)"))
    }
    return cases
  }

  static func step(_ random: inout CaseRandom, step: Int, wrapped: Bool) -> String {
    switch random.int(0...12) {
    case 0, 1: return "note(\"in\", coroutine.yield(\(step), ...))"
    case 2: return "local c\(step) <close> = closer(\"c\(step)\", false)"
    case 3:
      let error = random.pick(["\"close \(step)\"", "{ \(step) }", "\(step)"])
      return "local c\(step) <close> = closer(\"c\(step)\", \(error))"
    case 4:
      return random.pick([
        "error(\"boom \(step)\")", "error({ \(step) })", "error(\(step))", "error()",
        "error(\"lvl\", 2)", "error(\"plain\", 0)",
      ])
    case 5: return "note(\"p\", pcall(coroutine.yield, \(step)))"
    case 6: return "note(\"n\", pcall(coroutine.wrap(function() error(\"inner \(step)\") end)))"
    case 7:
      return "note(\"s\", coroutine.status(coroutine.running()), coroutine.isyieldable())"
    case 8:
      return wrapped
        ? "note(\"w\", pcall(f))" : "note(\"r\", coroutine.resume(coroutine.running()))"
    case 9: return "note(\"x\", pcall(coroutine.close, coroutine.running()))"
    case 10:
      return
        "do local inner <close> = closer(\"d\(step)\", \(random.oneIn(2) ? "\"d\"" : "false")) "
        + "note(\"in\", coroutine.yield(\"d\")) end"
    case 11: return "if select(\"#\", ...) > 0 and (...) == nil then error(\"nil arg\") end"
    default:
      return "local g = coroutine.wrap(function() local z <close> = closer(\"z\", \"z\") "
        + "coroutine.yield(1) error(\"g\") end) note(\"g\", pcall(g)) note(\"g\", pcall(g)) "
        + "note(\"g\", pcall(g))"
    }
  }
}
