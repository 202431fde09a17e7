import Testing

/// The sandbox's own table functions and its charging wrappers must give what Lua's give,
/// results and error messages alike. Each script runs in a stock Lua state and in the
/// sandbox, under the same chunk name, and prints one line per case.
@Suite struct LibraryDifferentialTests {
  static let harness = """
    local out = {}
    local function show(v)
      if type(v) == "table" then
        local parts = {}
        for i = 1, 8 do parts[i] = tostring(rawget(v, i)) end
        return "{" .. table.concat(parts, ",") .. "}"
      end
      return type(v) .. ":" .. tostring(v)
    end
    local function case(f, ...)
      local results = table.pack(pcall(f, ...))
      local parts = {}
      for i = 1, results.n do parts[i] = show(results[i]) end
      out[#out + 1] = table.concat(parts, " ")
    end
    local function list(...) return { ... } end
    local function proxy(backing)
      return setmetatable({}, {
        __index = backing, __newindex = backing, __len = function() return #backing end })
    end
    """

  static let cases = """
    case(function() local t = list(1, 2, 3) table.insert(t, 4) return t end)
    case(function() local t = list(1, 2, 3) table.insert(t, 1, 0) return t end)
    case(function() local t = list(1, 2, 3) table.insert(t, 4, 9) return t end)
    case(function() local t = list(1, 2, 3) table.insert(t, 5, 9) return t end)
    case(function() local t = list(1, 2, 3) table.insert(t, 0, 9) return t end)
    case(function() table.insert(list(1), 1, 2, 3) end)
    case(function() table.insert(list(1)) end)
    case(function() table.insert(7, 1) end)
    case(function() table.insert(list(1), "x", 1) end)
    case(function() local b = list(1, 2) local p = proxy(b) table.insert(p, 1, 0) return b end)
    case(function() local t = list(1, 2, 3) return table.remove(t), t end)
    case(function() local t = list(1, 2, 3) return table.remove(t, 1), t end)
    case(function() local t = list(1, 2, 3) return table.remove(t, 4), t end)
    case(function() local t = list(1, 2, 3) return table.remove(t, 5) end)
    case(function() local t = {} return table.remove(t), table.remove(t, 0), t end)
    case(function() local t = {} return table.remove(t, -1) end)
    case(function() local b = list(1, 2, 3) return table.remove(proxy(b), 2), b end)
    case(function() return table.move(list(1, 2, 3, 4, 5), 2, 4, 1) end)
    case(function() return table.move(list(1, 2, 3, 4, 5), 1, 3, 3) end)
    case(function() return table.move(list(1, 2, 3), 1, 3, 2, {}) end)
    case(function() return table.move(list(1, 2, 3), 3, 1, 1) end)
    case(function() return table.move({}, -1, math.maxinteger, 1) end)
    case(function() return table.move({}, 1, 2, math.maxinteger) end)
    case(function() return table.move(list(1), 1, 1, 1, 5) end)
    case(function() return table.concat(list(1, "b", 3.5)) end)
    case(function() return table.concat(list("a", "b", "c"), ", ", 2, 3) end)
    case(function() return table.concat(list("a", "b"), "-", 3) end)
    case(function() return table.concat(list("a", {}, "c"), "-") end)
    case(function() return table.concat(list("a", "b"), "-", 1, 3) end)
    case(function() return table.concat(proxy(list("x", "y")), "+") end)
    case(function() return table.concat({}, "x", math.maxinteger, math.maxinteger) end)
    case(function() return table.unpack(list(1, 2, 3)) end)
    case(function() return table.unpack(list(1, 2, 3), 2) end)
    case(function() return table.unpack(list(1, 2, 3), -1, 1) end)
    case(function() return table.unpack(list(1, 2, 3), 3, 2) end)
    case(function() return table.unpack({}, 1, 1e7) end)
    case(function() return table.unpack({}, math.mininteger, math.maxinteger) end)
    case(function() local t = list(5, 2, 8, 1, 9, 3) table.sort(t) return t end)
    case(function() local t = list("pear", "apple", "fig") table.sort(t) return t end)
    case(function() local t = list(5, 2, 8, 1) table.sort(t, function(a, b) return a > b end) return t end)
    case(function() local t = list(3, 1, 2) table.sort(t, 7) return t end)
    case(function() local t = list(3, "x", 2) table.sort(t) return t end)
    case(function() local t = list(1) table.sort(t, 7) return t end)
    case(function() local b = list(3, 1, 2) table.sort(proxy(b)) return b end)
    case(function()
      local t = {}
      for i = 1, 200 do t[i] = (i * 37) % 101 end
      table.sort(t)
      for i = 2, 200 do assert(t[i - 1] <= t[i]) end
      return t
    end)
    case(function() return ("abc"):upper(), ("ABC"):lower(), ("abc"):reverse() end)
    case(function() return string.format("%5.1f|%q|%s|%d", 2.25, "a\\n", {} ~= nil, 3) end)
    case(function() return string.format("%99999d", 1) end)
    case(function() return string.char(72, 105), ("Hi"):byte(1, -1) end)
    case(function() return string.char(256) end)
    case(function() return string.pack(">I2", 258):byte(1, -1) end)
    case(function() return string.unpack(">I2", "\\1\\2"), string.packsize("i4") end)
    case(function() return utf8.char(233, 72), utf8.len("h\\u{E9}"), utf8.codepoint("h\\u{E9}", 1, -1) end)
    case(function() return utf8.offset("h\\u{E9}llo", 3), utf8.len("\\xff") end)
    case(function() return tonumber("ff", 16), tonumber("12"), tonumber("z", 36) end)
    case(function() return string.rep("ab", 3, "-"), string.rep("x", 0), string.rep("x", -1) end)
    case(function() return string.rep("", 5, "/"), string.rep("ab", 1, "-"), string.rep(7, 2) end)
    case(function() return string.upper() end)
    case(function() return ("x"):rep() end)
    case(function() return os.date("!%Y-%m-%d", 0) end)
    case(function() return string.byte("abc", 10), string.byte("", 1) end)
    """

  @Test func tableAndStringFunctionsMatchLua() throws {
    let script = Self.harness + "\n" + Self.cases + "\nreturn table.concat(out, \"\\n\")\n"
    let expected = try DifferentialLua.stock(script, chunk: "diff.lua").split(
      separator: "\n", omittingEmptySubsequences: false)
    let actual = try DifferentialLua.sandbox(script, chunk: "diff.lua").split(
      separator: "\n", omittingEmptySubsequences: false)
    let lines = Self.cases.split(separator: "\n").filter { $0.hasPrefix("case(") }
    #expect(expected.count == actual.count)
    #expect(expected.count >= lines.count - 1)
    for (offset, pair) in zip(expected, actual).enumerated() {
      #expect(pair.0 == pair.1, "case \(offset + 1): Lua \(pair.0), Cadence \(pair.1)")
    }
  }
}
