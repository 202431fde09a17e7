import Testing

@testable import CadenceCommands

/// The registry finds a command by the name it is listed under, before any command line is
/// built; that name must be the one its command line gives.
@Suite struct CommandRegistryTests {
  @Test func everyCommandIsListedUnderItsOwnName() {
    for command in CadenceCLI.commands {
      #expect(command.name == command.spec.name, "listed as \(command.name)")
    }
  }

  @Test func noNameIsListedTwice() {
    let names = CadenceCLI.commands.map(\.name)
    #expect(Set(names).count == names.count)
  }
}
