import Foundation
import Testing

@testable import CadenceText

/// Characters a terminal shows as nothing (format characters, variation selectors out of
/// place, the tag characters, fillers) can hide text or make two names look alike: every
/// outlet that escapes for a reader shows them as the bidirectional controls are shown, while
/// emoji and the scripts that need joiners render whole.
@Suite struct InvisibleTextTests {
  /// One of each kind, each between two letters where it has nothing to join.
  static let invisible: [UInt32] = [
    0x00AD, 0x034F, 0x115F, 0x1160, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062,
    0x2063, 0x2064, 0x206A, 0x206F, 0x3164, 0xFE00, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9, 0xFFFB,
    0x1D173, 0xE0000, 0xE0001, 0xE0020, 0xE0041, 0xE007E, 0xE007F, 0xE0100, 0xE01EF,
  ]

  static func hidden(_ value: UInt32) -> String { "a" + String(Unicode.Scalar(value)!) + "b" }

  static func escape(_ value: UInt32) -> String {
    "\\u{\(String(value, radix: 16, uppercase: true))}"
  }

  /// Text that must render whole: families, a flag of a subdivision, a rainbow flag, skin
  /// tones, a keycap, an emoji variation of a text symbol, an ideograph variation, Persian
  /// with a non-joiner, Devanagari with a joiner.
  static let kept = [
    "👨‍👩‍👧‍👦", "👩🏽‍💻", "🏳️‍🌈", "🏃‍♀️", "🏋️‍♀️ gym", "1️⃣", "*️⃣", "☺️", "❤️‍🔥",
    "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "葛\u{E0100}城",
    "می\u{200C}خواهم", "क्\u{200D}ष", "دو\u{200D}ست",
  ]

  @Test(arguments: invisible) func anInvisibleCharacterIsEscapedForTheTerminal(value: UInt32) {
    #expect(TerminalText.line(Self.hidden(value)) == "a" + Self.escape(value) + "b")
    #expect(TerminalText.block(Self.hidden(value)) == "a" + Self.escape(value) + "b")
    #expect(!TerminalText.isInert(Self.hidden(value)))
    #expect(TerminalText.isUnsafe(Unicode.Scalar(value)!))
  }

  @Test(arguments: kept) func emojiAndJoiningScriptsRenderWhole(text: String) {
    #expect(TerminalText.line(text) == text)
    #expect(TerminalText.isInert(text))
    #expect(NotifyText.plain(text) == text)
    #expect(DisplayText.flattened(text, limit: 100) == text)
    #expect(JSONText.quoted(text) == "\"" + text + "\"")
    #expect(ICalendarText.text(text) == text)
    #expect(XMLText.text(text) == text)
    #expect(PangoText.line(text) == text)
    #expect(TmuxText.line(text) == text)
  }

  /// Tag characters hide text after a black flag too, unless they spell a subdivision's code
  /// and end with the cancel tag.
  @Test func tagsThatSpellNoSubdivisionAreEscapedAfterAFlag() {
    let tags = "hi there".unicodeScalars.map { String(Unicode.Scalar($0.value + 0xE0000)!) }
    let smuggled = "🏴" + tags.joined() + "\u{E007F}"
    let shown = TerminalText.line(smuggled)
    #expect(shown.hasPrefix("🏴\\u{E0068}\\u{E0069}\\u{E0020}"))
    #expect(shown.hasSuffix("\\u{E007F}"))
    // A code without its cancel tag, and a cancel tag alone.
    #expect(TerminalText.line("🏴\u{E0067}\u{E0062}x") == "🏴\\u{E0067}\\u{E0062}x")
    #expect(TerminalText.line("🏴\u{E007F}") == "🏴\\u{E007F}")
  }

  /// A variation selector is kept once after a character that takes one, never in a run (a
  /// way to hide bytes) nor after a letter of ASCII.
  @Test func variationSelectorsInARunOrAfterALetterAreEscaped() {
    #expect(TerminalText.line("☺\u{FE0F}\u{FE0F}") == "☺\u{FE0F}\\u{FE0F}")
    #expect(TerminalText.line("x\u{E0100}\u{E0101}") == "x\\u{E0100}\\u{E0101}")
    #expect(TerminalText.line("\u{FE0F}") == "\\u{FE0F}")
    // A joiner between two emoji is kept; one at the end, or before a letter, is not.
    #expect(TerminalText.line("👨\u{200D}") == "👨\\u{200D}")
    #expect(TerminalText.line("👨\u{200D}a") == "👨\\u{200D}a")
    #expect(TerminalText.line("a\u{200D}👨") == "a\\u{200D}👨")
  }

  @Test(arguments: invisible) func everyOutletThatEscapesForItsReaderHidesNothing(value: UInt32) {
    let text = Self.hidden(value)
    let escaped = Self.escape(value)
    #expect(PangoText.line(text) == "a" + escaped + "b")
    #expect(PangoText.block(text) == "a" + escaped + "b")
    #expect(TmuxText.line(text) == "a" + escaped + "b")
    #expect(PolybarText.line(text) == "a" + escaped + "b")
    #expect(QuotedText.quote(text) == "\"a" + escaped + "b\"")
    #expect(NotifyText.plain(text) == "a b")
    #expect(NotifyText.markup(text) == "a b")
    #expect(DisplayText.flattened(text, limit: 20) == "a b")
    #expect(ICalendarText.text(text) == "ab")
    #expect(XMLText.text(text) == "a\u{FFFD}b")
    #expect(XMLText.attribute(text) == "a\u{FFFD}b")
  }

  /// JSON writes each as `\u` escapes (two surrogates past U+FFFF) that read back to the
  /// text exactly.
  @Test(arguments: invisible) func jsonEscapesEachAndReadsItBack(value: UInt32) throws {
    let text = Self.hidden(value)
    let quoted = JSONText.quoted(text)
    #expect(quoted.unicodeScalars.allSatisfy { $0.isASCII }, "\(quoted)")
    let read =
      try JSONSerialization.jsonObject(
        with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(read?.first?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
    #expect(JSONText.inert("[\"" + text + "\"]") == "[" + quoted + "]")
    var writer = JSONWriter()
    writer.string(text)
    #expect(writer.text == quoted)
  }

  /// Columns: an escape is as wide as its characters; a wide character or an emoji two; a
  /// family one emoji.
  @Test func widthsAreTheTerminalsColumns() {
    #expect(PlainText.width("plain") == 5)
    #expect(PlainText.width("茶道") == 4)
    #expect(PlainText.width("👨‍👩‍👧‍👦") == 2)
    #expect(PlainText.width("🏋️ gym") == 6)
    #expect(PlainText.width("e\u{301}") == 1)
    #expect(PlainText.width(TerminalText.line("a\u{200B}b")) == 10)
    #expect(PlainText.padded("茶道", to: 6) == "茶道  ")
    #expect(PlainText.padded("茶道x", to: 3) == "茶 ")
  }
}
