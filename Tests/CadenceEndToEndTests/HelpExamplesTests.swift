import Foundation
import Testing

/// Every example in `cadence help` and in each command's help works as written from an
/// installed binary in any folder: a new user's home, not a clone of the repository.
@Suite(.timeLimit(.minutes(10))) struct HelpExamplesTests {
  @Test func everyHelpExampleWorksFromAnyFolder() throws {
    let world = try ExampleWorld()
    let examples = try world.helpExamples()
    #expect(examples.count > 50, "\(examples)")
    #expect(examples.contains("cadence plan gym"))
    for example in examples {
      if ExampleWorld.controlsARun(example) { try world.ensureRun() }
      let (ending, error) = try world.run(example)
      #expect(ExampleWorld.acceptable(ending), "\(example): \(ending)\n\(error)")
    }
    _ = try world.run("cadence stop")
  }
}
