/// Generated cases for the pattern functions and `string.rep`, compared with the real lua5.4.
enum StringCases {
  /// Each pattern case calls find (with and without `plain`), match, gmatch, and gsub with a
  /// template, a count, a table and a logging function, on one subject, pattern and start.
  static let patternHelpers = """
    local function P(id, s, p, init, repl)
      case(id .. "/f", string.find, s, p, init)
      case(id .. "/F", string.find, s, p, init, true)
      case(id .. "/m", string.match, s, p, init)
      case(id .. "/g", function()
        local r = {}
        for a, b in string.gmatch(s, p, init) do
          r[#r + 1] = show(a) .. "," .. show(b)
          if #r > 20 then break end
        end
        return table.concat(r, ";")
      end)
      case(id .. "/s", string.gsub, s, p, repl)
      case(id .. "/n", string.gsub, s, p, repl, init)
      case(id .. "/t", string.gsub, s, p, { a = "A", b = false, ["1"] = 1, x = {}, [" "] = "_" })
      case(id .. "/c", string.gsub, s, p, function(...) note("c", ...) return ... end)
    end
    """

  static let atoms = [
    "a", "b", "x", ".", "%a", "%d", "%s", "%w", "%p", "%l", "%u", "%x", "%c", "%S", "%A", "[ab]",
    "[^a]", "[a-c]", "[%a%d]", "[]]", "[^]]", "[a-]", "[%]]", "[", "[a", "(", ")", "()", "%1", "%2",
    "%b()", "%bab", "%b", "%f[%a]", "%f[^%s]", "%f", "$", "^", "%", "%%", "%.", "%(", "\0", "%z",
    "[\0-a]", "%g",
  ]
  static let suffixes = ["", "", "", "*", "+", "-", "?"]
  static let letters = ["a", "b", "c", "x", " ", "(", ")", "1", "2", "\0", "%", ".", "]", "A"]
  static let templates = [
    "<%0>", "%1", "%2-%1", "%%", "%x", "x%", "", "[%1%1]", "%0%0", "\\",
  ]

  static func patterns(seed: UInt64, count: Int) -> [(id: String, source: String)] {
    var random = CaseRandom(seed: seed)
    var cases: [(id: String, source: String)] = []
    for index in 0..<count {
      var pattern = ""
      for _ in 0..<random.int(1...5) {
        let atom = random.pick(atoms)
        pattern += atom
        if !["(", ")", "()", "$", "^", "%", "[", "[a"].contains(atom) {
          pattern += random.pick(suffixes)
        }
      }
      let subject = random.text(from: letters, upTo: 12)
      let start = random.oneIn(3) ? String(random.int(-14...14)) : "nil"
      let id = "p\(index)"
      let source =
        "P(\"\(id)\", \(CaseRandom.quote(subject)), \(CaseRandom.quote(pattern)), \(start), "
        + "\(CaseRandom.quote(random.pick(templates))))"
      cases.append((id, source))
    }
    return cases
  }

  /// `string.rep` with pieces, counts and separators of every kind, including counts whose
  /// result Lua refuses as too large; never one Lua would build to a gigabyte.
  static func rep(seed: UInt64, count: Int) -> [(id: String, source: String)] {
    var random = CaseRandom(seed: seed)
    let pieces = ["\"\"", "\"a\"", "\"ab\"", "\"xyz\"", "7", "1.5", "{}", "nil"]
    let separators = ["nil", "\"\"", "\",\"", "\"--\"", "3", "{}"]
    let small = ["-3", "-1", "0", "1", "2", "3", "7", "2.0", "2.5", "\"3\"", "\"x\"", "nil", "{}"]
    let huge = [
      "2^31", "1 << 31", "1 << 40", "1e12", "math.maxinteger", "math.mininteger", "1 << 30",
      "(1 << 31) - 1", "1 << 62",
    ]
    var cases: [(id: String, source: String)] = []
    for index in 0..<count {
      let piece = random.pick(pieces)
      let separator = random.pick(separators)
      var times = random.oneIn(2) ? random.pick(huge) : random.pick(small)
      let unit = pieceLength(piece) + pieceLength(separator)
      // Lua builds what is at most INT_MAX bytes: keep such results small. It also loops once
      // per copy of an empty piece, so an empty piece is repeated a few times only.
      if ["1 << 30", "(1 << 31) - 1"].contains(times), unit < 2 { times = "1 << 40" }
      if unit == 0, huge.contains(times) { times = random.pick(small) }
      let id = "r\(index)"
      let arguments = separator == "nil" ? "\(piece), \(times)" : "\(piece), \(times), \(separator)"
      cases.append((id, "case(\"\(id)\", string.rep, \(arguments))"))
    }
    return cases
  }

  private static func pieceLength(_ literal: String) -> Int {
    switch literal {
    case "\"\"", "nil", "{}": 0
    case "1.5": 3
    case "7", "3": 1
    default: literal.count - 2
    }
  }
}
