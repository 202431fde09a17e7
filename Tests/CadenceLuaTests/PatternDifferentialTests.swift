import CadenceTestSupport
import Testing

/// Cadence's pattern matcher must give the answers of Lua's own. Each case runs in a stock
/// Lua state (the reference) and in the sandbox, and the rendered results must be equal.
@Suite struct PatternDifferentialTests {
  /// Renders every result of a call, or "error" when it raises.
  static let harness = """
    local function render(ok, ...)
      if not ok then return "error" end
      local out = {}
      for i = 1, select("#", ...) do
        local v = select(i, ...)
        out[#out + 1] = type(v) .. ":" .. tostring(v)
      end
      return table.concat(out, ",")
    end
    local function all(s, p, init)
      local out = {}
      local ok, err = pcall(function()
        for a, b, c in string.gmatch(s, p, init) do
          out[#out + 1] = tostring(a) .. "/" .. tostring(b) .. "/" .. tostring(c)
          if #out > 50 then break end
        end
      end)
      return ok and table.concat(out, ";") or "error"
    end
    local results = {}
    local function case(s, p, init)
      results[#results + 1] = render(pcall(string.find, s, p, init))
        .. " | " .. render(pcall(string.match, s, p, init))
        .. " | " .. all(s, p, init)
        .. " | " .. render(pcall(string.gsub, s, p, "<%0>"))
        .. " | " .. render(pcall(string.gsub, s, p, function(x) return x and #x end, 2))
        .. " | " .. render(pcall(string.gsub, s, p, { a = "A" }))
    end
    """

  static let cases: [(String, String, Int?)] = [
    ("hello world", "o", nil), ("hello world", "o", 6), ("hello world", "o", -3),
    ("hello world", "l+", nil), ("hello world", "(h)(e)", nil), ("hello", "()ll()", nil),
    ("hello", "^h", nil), ("hello", "^e", nil), ("hello", "o$", nil), ("hello", "l$", nil),
    ("a$b", "$b", nil), ("hello", "", nil), ("", "", nil), ("", "a*", nil),
    ("hello", "x*", nil), ("aaa", "a-", nil), ("aaa", "a-$", nil), ("aaab", "a-b", nil),
    ("key = value", "(%w+)%s*=%s*(%w+)", nil), ("  trim  ", "^%s*(.-)%s*$", nil),
    ("THE (quick) fox", "%((%a+)%)", nil), ("f(a(b)c)d", "%b()", nil), ("f(a(b", "%b()", nil),
    ("THE (quick) fox", "%f[%a]%a+", nil), ("hello world", "%f[%w]%w+", nil),
    ("abcabc", "(abc)%1", nil), ("abab", "(a)(b)%2", nil),
    ("x = 10, y = 20", "(%a)%s*=%s*(%d+)", nil),
    ("[test]", "[%[%]]", nil), ("a-b", "[a-]", nil), ("a]b", "[]]", nil), ("a^b", "[%^]", nil),
    ("a^b", "[^a]", nil), ("0x1F", "%x+", nil), ("Tab\there", "%c", nil), ("a.b", "%.", nil),
    ("a.b", ".", nil), ("ABC def", "%u+", nil), ("ABC def", "%l+", nil), ("a1 b2", "%a%d", nil),
    ("!?", "%p+", nil), ("x", "%", nil), ("x", "[a", nil), ("x", "(x", nil), ("x", "x)", nil),
    ("x", "%1", nil), ("x", "%b", nil), ("x", "%fx", nil), ("xy", "(x)(y)%3", nil),
    ("hello", "l", 10), ("hello", "l", 0), ("hello", "l", -100), ("aaa", "a?a?a?a", nil),
    ("caaat", "ca*t", nil), ("ct", "ca+t", nil), ("banana", "(an)+", nil), ("banana", "a.-a", nil),
    ("banana", "a.*a", nil), ("one two  three", "%s+", nil), ("abc", "[a-c]+", nil),
    ("abc", "[^%s]+", nil), ("a\0b", "%z", nil), ("a\0b", "\0", nil), ("aaa", "^a", nil),
    ("\u{00E9}t\u{00E9}", "[\u{0080}-\u{00FF}]+", nil), ("abc", "((a)(b))", nil),
  ]

  /// Cases after Lua 5.4's own pattern tests (testes/pm.lua) and the differences a
  /// differential fuzz found: a range that ends in the escape's `%`, NUL bytes in patterns and
  /// subjects, malformed sets, frontiers and anchors.
  static let stockCases: [(String, String, Int?)] = [
    ("a]b%c-", "[a-%%]", nil), ("]]]%", "[a-%%]+", nil), ("x%]", "[%%-%]]+", nil),
    ("ab\0\u{1}\u{2}c", "[\0-\u{2}]+", nil), ("ab\0\u{1}\u{2}c", "[\0-\0]+", nil),
    ("b$a", "$\0?", nil), ("abc\0efg", "%\0", nil), ("abc\0efg\0\u{1}e\u{1}g", "%b\0\u{1}", nil),
    ("abc\0\0\0", "%\0+", nil), ("abc\0\0\0", "%\0%\0?", nil), ("abc\0\0", "\0.", nil),
    ("abcx\0\0abc\0abc", "x\0\0abc\0a.", nil), ("a\0o a\0o a\0o", "a\0o", 2),
    ("a\0a\0a\0a\0\0ab", "\0ab", 2), ("a\0a\0a\0a\0\0ab", "b\0", nil), ("", "\0", nil),
    ("a\0b", "\0", nil), ("x\0y\0", "[^\0]+", nil), ("a\0)", "\0)", nil),
    ("a", "[]", nil), ("a", "[^]", nil), ("a", "[a%]", nil), ("a", "[a%", nil), ("a", "%ba", nil),
    ("a", "(.", nil), ("a", ".)", nil), ("]]]x", "[^]]", nil), ("-a", "[a-]", nil),
    ("a%]", "[]%%]", nil), ("-az", "[a%-z]", nil), ("-[]^ab", "[%^%[%-a%]%-b]", nil),
    ("aaab", ".*b", nil), ("aaa", ".+a", nil), ("b", ".+b", nil), ("aaa", ".?a", nil),
    ("a$a", ".$", nil), ("a$a", ".%$", nil), ("a$a", ".$.", nil), ("a$a", "$$", nil),
    ("aabaaabaaabaaaba", "b.*b", nil), ("aabaaabaaabaaaba", "b.-b", nil),
    ("alo xyzK", "(%w+)K", nil), ("254 K", "(%d*)K", nil), ("alo ", "(%w*)$", nil),
    ("0123456789", "(.+(.?)())", nil), ("a b cd", " *", nil), ("alo 'oi' alo", "%b''", nil),
    ("aaa aa a aaa a", "%f[%w]a", nil), ("[[]] [][] [[[[", "%f[[].", nil),
    ("01abc45de3", "%f[%d]", nil), ("function", "%f[^\u{1}-\u{7F}]", nil), ("aba", "%f[%z]", nil),
    ("aba", "%f[a%z]", nil), (" alo aalo allo", "%f[%S].-%f[%s].-%f[%S]", nil),
    ("10 20 30", "%d+", 3), ("11 21 31", "%d+", -4), ("11 21 31", "%w*", 9),
    ("11 21 31", "%w*", 10), ("xuxx uu ppar r", "()(.)%2", nil), ("alo", "(%0)", nil),
    ("alo", "(%1)", nil), ("", "^", nil), ("", "$", nil),
  ]

  static func stock(_ script: String) throws -> String {
    try DifferentialLua.stock(script, chunk: "patterns.lua")
  }

  static func sandbox(_ script: String) throws -> String {
    try DifferentialLua.sandbox(script, chunk: "patterns.lua")
  }

  static func literal(_ text: String) -> String {
    var out = "\""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += "\\" + String(UnicodeScalar(byte))
      case 0x20...0x7E: out += String(UnicodeScalar(byte))
      default: out += "\\\(byte)"
      }
    }
    return out + "\""
  }

  func script(for cases: [(String, String, Int?)]) -> String {
    var text = Self.harness + "\n"
    for (subject, pattern, initial) in cases {
      text +=
        "case(\(Self.literal(subject)), \(Self.literal(pattern)), \(initial.map(String.init) ?? "nil"))\n"
    }
    return text + "return table.concat(results, \"\\n\")\n"
  }

  @Test func handWrittenCasesMatchLua() throws {
    let program = script(for: Self.cases)
    let expected = try Self.stock(program).split(
      separator: "\n", omittingEmptySubsequences: false)
    let actual = try Self.sandbox(program).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(expected.count == Self.cases.count)
    for (offset, pair) in zip(expected, actual).enumerated() {
      #expect(
        pair.0 == pair.1,
        "subject \(Self.literal(Self.cases[offset].0)) pattern \(Self.literal(Self.cases[offset].1)): Lua \(Self.literal(String(pair.0))), Cadence \(Self.literal(String(pair.1)))"
      )
    }
  }

  @Test func casesFromLuasOwnTestsMatchLua() throws {
    let program = script(for: Self.stockCases)
    let expected = try Self.stock(program).split(
      separator: "\n", omittingEmptySubsequences: false)
    let actual = try Self.sandbox(program).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(expected.count == Self.stockCases.count)
    for (offset, pair) in zip(expected, actual).enumerated() {
      let (subject, pattern, _) = Self.stockCases[offset]
      #expect(
        pair.0 == pair.1,
        "subject \(Self.literal(subject)) pattern \(Self.literal(pattern)): Lua \(Self.literal(String(pair.0))), Cadence \(Self.literal(String(pair.1)))"
      )
    }
  }

  /// gsub that replaces nothing gives back the subject itself (the same string object, which
  /// `%p` shows), as Lua does; one that replaces something gives a new one.
  @Test func gsubThatReplacesNothingReturnsTheSubject() throws {
    let program = """
      local s = string.rep("a", 100)
      local same = function(r) return string.format("%p", s) == string.format("%p", r) end
      local out = {}
      out[#out + 1] = tostring(same((string.gsub(s, "b", "c"))))
      out[#out + 1] = tostring(same((string.gsub(s, ".", { x = "y" }))))
      out[#out + 1] = tostring(same((string.gsub(s, ".", function() return nil end))))
      out[#out + 1] = tostring(same((string.gsub(s, ".", function(x) return x end))))
      out[#out + 1] = tostring(same((string.gsub(s, "a", "a", 0))))
      return table.concat(out, ",")
      """
    #expect(try Self.stock(program) == "true,true,true,false,true")
    #expect(try Self.sandbox(program) == "true,true,true,false,true")
  }

  @Test(arguments: 1...8)
  func randomPatternsMatchLua(seed: Int) throws {
    let atoms = [
      "a", "b", ".", "%a", "%d", "[ab]", "[^a]", "%s", "(", ")", "()", "%1", "%b()", "%f[%a]", "$",
      "^",
    ]
    let suffixes = ["", "", "*", "+", "-", "?"]
    var generator = SeededRandom(seed: UInt64(seed))
    var cases: [(String, String, Int?)] = []
    for _ in 0..<150 {
      var pattern = ""
      for _ in 0..<(1 + Int(generator.next() % 5)) {
        let atom = atoms[Int(generator.next() % UInt64(atoms.count))]
        pattern += atom
        if atom.count <= 5, !["(", ")", "()", "$", "^"].contains(atom) {
          pattern += suffixes[Int(generator.next() % UInt64(suffixes.count))]
        }
      }
      let letters = ["a", "b", " ", "1", "(", ")", "x"]
      var subject = ""
      for _ in 0..<Int(generator.next() % 12) {
        subject += letters[Int(generator.next() % UInt64(letters.count))]
      }
      cases.append((subject, pattern, nil))
    }
    let program = script(for: cases)
    let expected = try Self.stock(program).split(
      separator: "\n", omittingEmptySubsequences: false)
    let actual = try Self.sandbox(program).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(expected.count == cases.count)
    for (offset, pair) in zip(expected, actual).enumerated() {
      #expect(pair.0 == pair.1, "subject \"\(cases[offset].0)\" pattern \"\(cases[offset].1)\"")
    }
  }
}
