import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceCommands
@testable import CadenceTerminal

/// A goal's colour is echoed, stored and listed in the words the user gave (or the documented
/// name), never as the terminal's name for it.
@Suite struct TerminalColourTests {
  @Test func greyStaysGreyAndIsPaintedAsBrightBlack() throws {
    let grey = try #require(TerminalColour("grey"))
    #expect(grey.text == "grey")
    #expect(TerminalColour("Gray")?.text == "grey")
    #expect(TerminalColour("purple")?.text == "magenta")
    #expect(TerminalColour("bright blue")?.text == "bright-blue")
    #expect(grey.paint("x") == TerminalColour("bright-black")?.paint("x"))
    #expect(TerminalColour("bright-black")?.text == "bright-black")
  }

  @Test func aGoalInGreyIsShownAsGreyEverywhere() throws {
    let database = TemporaryFolder("colour").path("cadence.db")
    func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
      try CadenceProcess.run(arguments + ["--db", database])
    }
    #expect(
      try cadence(["goal", "add", "Chores", "--colour", "grey"]).standardOutput
        == "Added goal Chores (grey).\n")
    #expect(try cadence(["goal", "list"]).standardOutput.contains("Chores  grey, 0 open tasks"))
    #expect(try cadence(["goal", "list", "--json"]).standardOutput.contains(#""colour":"grey""#))
    #expect(
      try cadence(["goal", "edit", "Chores", "--colour", "gray"]).standardOutput
        == "Goal Chores is grey.\n")
  }
}
