import Foundation
import Testing

/// A NUL inside what a hook returns or raises does not end the text: a message and a title
/// are flattened as any control character is (a space), and an error is shown escaped.
@Suite struct HookNulTests {
  static let routine = """
    return {
      name = "Nul",
      steps = { { "Go", "2s" }, { "Rest", "1s", kind = "pause" } },
      on_start = function(ctx) return "before\\0after the NUL" end,
      on_work = function(ctx) return { message = "set\\0and go", title = "A\\0title" } end,
      on_pause = function(ctx) error("broken\\0after the NUL") end,
    }
    """

  @Test func aNulInAMessageIsFlattenedNotACut() throws {
    let path = try CadenceProcess.temporaryFile("nul.lua", Self.routine)
    let output = try CadenceProcess.run(["simulate", path, "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(
      output.standardOutput.contains("\"message\":\"before after the NUL\""),
      "\(output.standardOutput)")
    #expect(
      output.standardOutput.contains("\"message\":\"set and go\""), "\(output.standardOutput)")
    #expect(!output.standardOutput.contains("\\u0000"))
    // The error is told whole, its NUL escaped.
    #expect(output.standardError.contains("broken\\u{0}after the NUL"), "\(output.standardError)")
  }
}
