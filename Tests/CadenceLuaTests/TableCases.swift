/// Generated cases for table.insert, remove, move, concat and unpack on plain tables and on
/// proxies that log every metamethod call, compared with the real lua5.4: results, errors, the
/// calls made and the table's state afterwards.
enum TableCases {
  /// `T(id, backing, t, f, ...)` calls `f(t, ...)` and shows the backing table after it.
  static let helpers = """
    local function T(id, b, t, f, ...)
      case(id, function(...)
        local r = table.pack(pcall(f, t, ...))
        return show(b), table.unpack(r, 1, r.n)
      end, ...)
    end
    """

  static let values = ["1", "2", "3", "\"a\"", "\"b\"", "2.5", "true", "{}", "nil", "10"]

  /// Huge lengths a proxy may claim; the proxy then fails at its first access, as Lua reaches it.
  static let hugeLengths = [
    "1e12", "math.maxinteger", "(1 << 31) - 2", "1 << 31", "1 << 40", "2^53", "-5", "1.5",
  ]

  static func cases(seed: UInt64, count: Int) -> [(id: String, source: String)] {
    var random = CaseRandom(seed: seed)
    var cases: [(id: String, source: String)] = []
    for index in 0..<count {
      let id = "t\(index)"
      let size = random.int(0...6)
      let items = (0..<size).map { _ in random.oneIn(6) ? "nil" : random.pick(values) }
      let backing = "{" + items.joined(separator: ", ") + "}"
      let huge = random.oneIn(5)
      let proxied = huge || random.oneIn(2)
      var failGet = "nil"
      var failSet = "nil"
      var length = "nil"
      if huge {
        length = random.pick(hugeLengths)
        if random.oneIn(2) { failGet = "true" } else { failSet = "true" }
      } else if proxied, random.oneIn(3) {
        let key = String(random.int(0...(size + 1)))
        if random.oneIn(2) { failGet = key } else { failSet = key }
      }
      let target = proxied ? "proxy(\"p\", b, \(length), \(failGet), \(failSet))" : "b"
      let call = huge ? hugeCall(&random, failGet: failGet == "true") : call(&random, size: size)
      cases.append((id, "do local b = \(backing) T(\"\(id)\", b, \(target), \(call)) end"))
    }
    return cases
  }

  /// A call over the whole claimed length, which must fail at its first access.
  static func hugeCall(_ random: inout CaseRandom, failGet: Bool) -> String {
    let reading = [
      "table.insert, 1, \"v\"", "table.remove, 1", "table.remove", "table.concat",
      "table.concat, \",\", 1, 1e12", "table.unpack", "table.unpack, 1, 1e12", "table.sort",
      "table.sort, function(a, b) return a < b end", "table.move, 1, 1e12, 2",
      "table.move, 1, 1e12, 1, {}", "table.insert, 1, \"v\"",
    ]
    let writing = [
      "table.insert, \"v\"", "table.insert, 1, \"v\"", "table.remove, 1", "table.remove",
      "table.sort",
    ]
    return random.pick(failGet ? reading : writing)
  }

  static func call(_ random: inout CaseRandom, size: Int) -> String {
    let position = [
      "-1", "0", "1", "2", String(size), String(size + 1), String(size + 2), "1.5", "\"2\"",
      "\"x\"",
      "math.maxinteger", "math.mininteger", "nil",
    ]
    let index = (-2...(size + 2)).map(String.init) + ["nil"]
    switch random.int(0...5) {
    case 0:
      switch random.int(0...3) {
      case 0: return "table.insert, \(random.pick(values))"
      case 1: return "table.insert, \(random.pick(position)), \(random.pick(values))"
      case 2: return "table.insert, 1, 2, 3"
      default: return "table.insert"
      }
    case 1:
      return random.oneIn(3) ? "table.remove" : "table.remove, \(random.pick(position))"
    case 2:
      let extremes = [
        "-1, math.maxinteger, 1", "math.mininteger, -1, 1", "1, 2, math.maxinteger",
        "math.maxinteger - 1, math.maxinteger, 1", "1, 3, math.maxinteger - 1",
        "0, 1, math.maxinteger", "1, 2, math.mininteger",
      ]
      let range =
        random.oneIn(5)
        ? random.pick(extremes)
        : "\(random.pick(index)), \(random.pick(index)), \(random.pick(index))"
      let destination = random.pick(["", ", nil", ", {}", ", proxy(\"q\", {})", ", 5", ", b"])
      return "table.move, \(range)\(destination)"
    case 3:
      let separator = random.pick(["nil", "\"\"", "\",\"", "5", "{}"])
      return "table.concat, \(separator), \(random.pick(index)), \(random.pick(index))"
    case 4:
      let ranges = [
        "", ", \(random.pick(index))", ", \(random.pick(index)), \(random.pick(index))",
        ", 1, 1e7", ", 1, 2^31", ", math.mininteger, math.maxinteger", ", 0, (1 << 31) - 2",
        ", \"1\", \"3\"", ", 1.5",
      ]
      return "table.unpack\(random.pick(ranges))"
    default:
      return random.pick([
        "table.insert, 1, 2, 3, 4", "table.concat, \"-\", 1, 0", "table.remove, nil",
        "table.move, 1, 2", "table.unpack, nil, nil",
      ])
    }
  }
}
