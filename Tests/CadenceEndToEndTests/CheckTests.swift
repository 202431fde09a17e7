import Foundation
import Testing

/// `cadence check` reports every problem of every file, one line each, saying where.
@Suite struct CheckTests {
  @Test func everyProblemOnALineOfItsOwn() throws {
    let file = try CadenceProcess.temporaryFile(
      "two.lua",
      #"return { steps = { { "Set", "1.5ms" }, { "Rest", "1h30", kind = "pause" } }, quartres = true }"#
    )
    let output = try CadenceProcess.run(["check", file, "examples/gym.lua"])
    #expect(output.status == 65)
    #expect(
      output.standardError == """
        \(file): quartres: unknown key; did you mean "quarters"?
        \(file): steps[1].duration: "1.5ms" is finer than a millisecond, the smallest step Cadence times, so it is not rounded; write "2ms"
        \(file): steps[2].duration: "1h30" is not a duration; try "1h30m"

        """)
    #expect(output.standardOutput.hasPrefix("ok  examples/gym.lua"))
  }
}
