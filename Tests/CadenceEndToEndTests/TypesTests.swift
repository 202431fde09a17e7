import Foundation
import Testing

/// `cadence types` prints the repository's types file, and its hook context names exactly the
/// keys a hook's ctx has when the routine runs.
@Suite struct TypesTests {
  static let file = CadenceProcess.root.appendingPathComponent("types/cadence.lua")

  /// The named fields of one `---@class` of the types file.
  static func fields(of name: String) throws -> Set<String> {
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    guard let start = lines.firstIndex(of: Substring("---@class \(name)")) else { return [] }
    var fields = Set<String>()
    for line in lines[(start + 1)...] {
      guard line.hasPrefix("---@field ") else { break }
      let word = line.split(separator: " ")[1]
      fields.insert(String(word.hasSuffix("?") ? word.dropLast() : word))
    }
    return fields
  }

  @Test func printsTheTypesFile() throws {
    let output = try CadenceProcess.run(["types"])
    #expect(output.status == 0)
    #expect(
      output.standardOutput == (try String(contentsOf: Self.file, encoding: .utf8)),
      "Sources/CadenceOutput/Routine/RoutineTypes.swift must hold types/cadence.lua as it is")
  }

  @Test func hookContextHasTheKeysOfTheTypes() throws {
    let routine = """
      local function keys(t)
        local names = {}
        for key in pairs(t) do names[#names + 1] = key end
        table.sort(names)
        return table.concat(names, " ")
      end
      local function show(ctx) return keys(ctx) .. " | " .. keys(ctx.step or {}) end
      return {
        steps = { { "Set", "1m", every = "20s", reminder = "Breathe" }, { "Rest", "10s", kind = "pause" } },
        on_work = show, on_pause = show, on_quarter = show, on_reminder = show,
      }
      """
    let path = try CadenceProcess.temporaryFile("keys.lua", routine)
    let output = try CadenceProcess.run(["simulate", path, "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    var contextKeys = Set<String>()
    var stepKeys = Set<String>()
    for line in output.standardOutput.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard let message = object?["message"] as? String, message.contains(" | ") else { continue }
      let halves = message.components(separatedBy: " | ")
      contextKeys.formUnion(halves[0].split(separator: " ").map(String.init))
      stepKeys.formUnion(halves[1].split(separator: " ").map(String.init))
    }
    #expect(contextKeys == (try Self.fields(of: "cadence.Context")))
    #expect(stepKeys == (try Self.fields(of: "cadence.StepInfo")))
  }
}
