import Testing

@testable import CadenceTerminal

/// A colour is kept in the words the user gave (or the documented name), never as the
/// terminal's name for it, and painted as the terminal's.
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
}
