import CadenceCore
import Foundation
import Testing

@testable import CadenceLua

/// The editor types file (`types/cadence.lua`) names exactly the keys the reader accepts, so
/// the two cannot drift apart; and it is Lua that loads.
@Suite struct RoutineTypesFileTests {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("types/cadence.lua").path

  /// The named fields of each `---@class`, by class name (positional `[1]` fields left out).
  static func classes() throws -> [String: Set<String>] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var classes: [String: Set<String>] = [:]
    var current: String?
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.first == "---@class", words.count > 1 {
        current = String(words[1])
        classes[String(words[1])] = []
      } else if words.first == "---@field", words.count > 1, let name = current {
        let field = words[1].hasSuffix("?") ? words[1].dropLast() : words[1]
        if !field.hasPrefix("[") { classes[name, default: []].insert(String(field)) }
      } else if !line.hasPrefix("---@field") {
        current = nil
      }
    }
    return classes
  }

  @Test func eachTableOfARoutineHasTheReadersKeys() throws {
    let classes = try Self.classes()
    let expected: [(String, [String])] = [
      ("cadence.Routine", RoutineKeys.routine),
      ("cadence.Frame", RoutineKeys.frame),
      ("cadence.Step", RoutineKeys.step),
      ("cadence.Block", RoutineKeys.block),
      ("cadence.Reminder", RoutineKeys.reminder),
      ("cadence.MilestoneRule", RoutineKeys.milestoneRule),
    ]
    for (name, keys) in expected {
      #expect(classes[name] == Set(keys), "\(name) in types/cadence.lua")
    }
  }

  @Test func hookResultHasTheFieldsAHookMayReturn() throws {
    let fields = Mirror(reflecting: HookResult(message: "")).children.compactMap(\.label)
    #expect(try Self.classes()["cadence.HookResult"] == Set(fields))
  }

  @Test func theFileIsLuaThatLoads() throws {
    let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path)))
    let file = try RoutineFile(source: source, path: "cadence.lua")
    #expect(file.document == nil)
  }
}
