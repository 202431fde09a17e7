import Testing

@testable import CadenceText

@Suite struct TerminalTextTests {
  @Test func oneLineWritesEveryControlAsAVisibleEscape() {
    #expect(
      TerminalText.line(Hostile.text)
        == "-a\\u{1B}]52;c;SGVsbG8=\\u{7}b\\u{1B}]0;t\\u{7}\\r\\nc\\u{0}\\u{7F}\\u{9B}\\u{202E}d")
    #expect(TerminalText.line("tab\there") == "tab\\there")
  }

  @Test func blockKeepsLineFeedsAndTabsButNotCarriageReturns() {
    #expect(
      TerminalText.block(Hostile.text)
        == "-a\\u{1B}]52;c;SGVsbG8=\\u{7}b\\u{1B}]0;t\\u{7}\\r\nc\\u{0}\\u{7F}\\u{9B}\\u{202E}d")
    #expect(TerminalText.block("a\tb") == "a\tb")
  }

  @Test(arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2069])
  func bidirectionalControlsAreEscaped(value: UInt32) {
    let scalar = Unicode.Scalar(value)!
    let hex = String(value, radix: 16, uppercase: true)
    #expect(TerminalText.line("a" + String(scalar) + "b") == "a\\u{\(hex)}b")
  }

  @Test func ordinaryTextIsLeftAlone() {
    let text = "Gym circuit · Übung 2 — 休憩 🏋️‍♀️ \\ \"quoted\""
    #expect(TerminalText.line(text) == text)
    #expect(TerminalText.block(text) == text)
  }

  @Test func noOutputByteIsAControlOtherThanTheKeptOnes() {
    let all = String(String.UnicodeScalarView((0..<0x300).compactMap(Unicode.Scalar.init)))
    for byte in TerminalText.line(all).utf8 { #expect(byte >= 0x20 && byte != 0x7F) }
    let controls = TerminalText.line(all).unicodeScalars.filter { (0x80..<0xA0).contains($0.value) }
    #expect(controls.isEmpty)
  }

  @Test func quoteEscapesQuotesBackslashesAndControlsAndClips() {
    #expect(QuotedText.quote("a\"b\\c\u{1B}d") == "\"a\\\"b\\\\c\\u{1B}d\"")
    #expect(QuotedText.quote("abcdef", limit: 3) == "\"abc...\"")
    #expect(QuotedText.oneLine("x\u{9B}y") == "x\\u{9B}y")
  }

  @Test func displayTextFlattensControlsToSpacesAndCuts() {
    #expect(DisplayText.flattened("  a\u{1B}[2Jb\n\u{202E}c  ", limit: 50) == "a [2Jb  c")
    #expect(DisplayText.flattened(String(repeating: "x", count: 10), limit: 5) == "xxxx…")
  }
}
