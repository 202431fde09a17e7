/// Generated cases for table.sort, compared with the real lua5.4: every comparator call in
/// order, the error (a comparator's, "attempt to compare", "invalid order function for
/// sorting") and the array as it is left, after an error too. Arrays stay within 128
/// elements, where Lua's pivots are not random.
enum SortCases {
  /// `S(id, b, t, cmp)` sorts `t` and shows `b` after it; `O(v)` is an object ordered by `__lt`,
  /// which logs.
  static let helpers = """
    local objects = { __lt = function(a, b) note("lt", a[1], b[1]) return a[1] < b[1] end }
    local function O(v) return setmetatable({ v }, objects) end
    local function S(id, b, t, cmp)
      case(id, function()
        local ok, err = pcall(table.sort, t, cmp)
        return show(b), ok, err
      end)
    end
    """

  static func cases(seed: UInt64, count: Int) -> [(id: String, source: String)] {
    var random = CaseRandom(seed: seed)
    var cases: [(id: String, source: String)] = []
    for index in 0..<count {
      let id = "s\(index)"
      let size = random.oneIn(12) ? random.int(90...128) : random.int(0...24)
      let items = (0..<size).map { _ in element(&random, size: size) }
      let proxied = size <= 10 && random.oneIn(4)
      let target = proxied ? "proxy(\"p\", b)" : "b"
      let source =
        "do local b = {\(items.joined(separator: ", "))} "
        + "S(\"\(id)\", b, \(target), \(comparator(&random, size: size))) end"
      cases.append((id, source))
    }
    return cases
  }

  /// Mostly small integers (so that equal elements are common), sometimes strings, objects
  /// with `__lt`, or a value that cannot be compared with the rest.
  static func element(_ random: inout CaseRandom, size: Int) -> String {
    switch random.int(0...40) {
    case 0: return random.pick(["\"a\"", "{}", "true", "2.5", "nil"])
    case 1...4 where size <= 24: return "O(\(random.int(1...9)))"
    default: return String(random.int(1...(size > 24 ? 60 : 9)))
    }
  }

  static func comparator(_ random: inout CaseRandom, size: Int) -> String {
    let large = size > 24
    switch random.int(0...(large ? 2 : 9)) {
    case 0: return "nil"
    case 1: return "function(a, b) note(\"<\", a, b) return a < b end"
    case 2: return "function(a, b) note(\">\", a, b) return a > b end"
    case 3: return "function(a, b) note(\"<=\", a, b) return a <= b end"
    case 4:
      return "(function() local r = stream(\(random.int(1...1_000_000))) "
        + "return function(a, b) note(\"?\", a, b) return r() % 3 == 0 end end)()"
    case 5:
      return "(function() local k = 0 return function(a, b) k = k + 1 note(\"<\", a, b) "
        + "if k == \(random.int(1...30)) then error(\"comparison \" .. k) end return a < b end end)()"
    case 6:
      return "function(a, b) note(\"n\", a, b) if a < b then return 0 end return nil end"
    case 7:
      return "function(a, b) note(\"p\", a, b) "
        + "if a == \(random.int(1...9)) and b == \(random.int(1...9)) then error({ a, b }) end "
        + "return a < b end"
    case 8: return random.pick(["\"x\"", "5", "{}", "false"])
    default: return "function(a, b) note(\">=\", a, b) return a >= b end"
    }
  }
}
