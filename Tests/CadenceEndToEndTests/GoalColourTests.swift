import CadenceTestSupport
import Testing

/// A goal's colour is echoed, stored and listed in the words the user gave (or the documented
/// name), never as the terminal's name for it.
@Suite struct GoalColourTests {
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
