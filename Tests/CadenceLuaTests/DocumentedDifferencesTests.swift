import Foundation
import Testing

@testable import CadenceLua

/// The documented list (docs/routines.md) of where Cadence's Lua differs from Lua 5.4 is the whole list: each entry
/// is shown here against the real lua5.4 (the two give different answers, and Cadence's is the
/// one documented), and an entry added to one side only fails.
@Suite struct DocumentedDifferencesTests {
  /// A chunk that returns a string, and what the sandbox must return for it (Lua returns
  /// something else).
  static let demonstrations: [String: (chunk: String, cadence: String)] = [
    "Finalisers": (
      "local ok, err = pcall(setmetatable, {}, { __gc = true }) return ok and 'accepted' or err",
      "finalisers (__gc) are not allowed in Cadence routines"
    ),
    "Binary chunks": (
      "local f, err = load('\\27LuaT\\0junk') return tostring(err)",
      "attempt to load a binary chunk (Cadence routines load text only)"
    ),
    "Libraries left out": (
      "local ok, err = pcall(function() return io end) return ok and 'present' or err",
      "diff.lua:1: 'io' is not available to Cadence routines (they run in a sandbox)"
    ),
    "Locked metatables": (
      "return tostring(getmetatable('')) .. ' ' .. tostring(getmetatable(_G))",
      "locked locked"
    ),
    "Limits": (
      "local ok = pcall(function() local s = 0 for i = 1, 3e7 do s = s + i end end) "
        + "return 'finished'",
      "stopped"
    ),
    "Coroutine nesting": (
      """
      local function nest(n)
        if n == 0 then return 0 end
        return coroutine.wrap(function() return 1 + nest(n - 1) end)()
      end
      local ok, err = pcall(nest, 160)
      return ok and tostring(err) or err:match('nest deeper than %d+ levels')
      """,
      "nest deeper than 150 levels"
    ),
    "Reader functions": (
      """
      local n, piece = 0, string.rep(' ', 1 << 20)
      local f, err = load(function()
        n = n + 1
        if n == 1 then return 'return 1' elseif n < 20 then return piece end
      end)
      return tostring(err)
      """,
      "the reader function gave load more than 16 MB of text"
    ),
  ]

  /// The bold names of the documented list (docs/routines.md).
  static func documented() throws -> [String] {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/routines.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let heading = "## Where Cadence's Lua differs from Lua 5.4\n"
    guard let start = text.range(of: heading) else {
      Issue.record("docs/routines.md has no section \(heading)")
      return []
    }
    let section = text[start.upperBound...]
    let end = section.range(of: "\n#")?.lowerBound ?? section.endIndex
    return section[..<end].split(separator: "\n").compactMap { line in
      guard line.hasPrefix("- **"), let close = line.range(of: ".**") else { return nil }
      return String(line[line.index(line.startIndex, offsetBy: 4)..<close.lowerBound])
    }
  }

  @Test func theReadmeListsExactlyTheDemonstratedDifferences() throws {
    #expect(Set(try Self.documented()) == Set(Self.demonstrations.keys))
  }

  @Test(arguments: demonstrations.keys.sorted())
  func eachDifferenceIsRealAndAsDocumented(name: String) throws {
    guard ReferenceLua.available(), let demonstration = Self.demonstrations[name] else { return }
    let chunk = demonstration.chunk
    let lua = try ReferenceLua.reference(chunk)
    let cadence: String
    if name == "Limits" {
      // Under the loading limits a routine has: the loop stops, and pcall cannot keep it.
      let sandbox = try LuaSandbox()
      do {
        _ = try sandbox.run(source: Array(chunk.utf8), chunk: "diff.lua", keepingAs: "limits")
        cadence = "finished"
      } catch {
        cadence = "stopped"
      }
    } else {
      cadence = try ReferenceLua.sandbox(chunk)
    }
    #expect(cadence == demonstration.cadence)
    #expect(lua != cadence, "lua5.4 gives what Cadence gives: \(lua)")
  }
}
