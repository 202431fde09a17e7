import Testing

@testable import CadenceCommands

/// The words of `session.command`, split as a shell would without running one.
@Suite struct CommandWordsTests {
  @Test func wordsSplitLikeAShellWithoutOne() {
    #expect(CommandWords.split("a 'b c' \"d\\\"e\" f\\ g") == ["a", "b c", "d\"e", "f g"])
    #expect(CommandWords.split("open 'quote") == nil)
    #expect(CommandWords.split("   ") == nil)
  }
}
