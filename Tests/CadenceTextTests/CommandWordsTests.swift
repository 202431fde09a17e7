import CadenceText
import Testing

/// A `session.command` or `idle.command` setting split into its words as a shell would, with
/// nothing else a shell does.
@Suite struct CommandWordsTests {
  @Test func wordsSplitLikeAShellWithoutOne() {
    #expect(CommandWords.split("a 'b c' \"d\\\"e\" f\\ g") == ["a", "b c", "d\"e", "f g"])
    #expect(CommandWords.split("open 'quote") == nil)
    #expect(CommandWords.split("   ") == nil)
  }
}
