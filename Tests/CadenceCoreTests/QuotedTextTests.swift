import CadenceText
import Testing

@testable import CadenceCore

@Suite struct QuotedTextTests {
  @Test(arguments: [
    ("2m", "\"2m\""),
    ("a\nb", "\"a\\nb\""),
    ("\u{1B}[2J", "\"\\u{1B}[2J\""),
    ("say \"hi\"", "\"say \\\"hi\\\"\""),
    ("tab\there", "\"tab\\there\""),
    (String(repeating: "x", count: 70), "\"" + String(repeating: "x", count: 60) + "...\""),
  ])
  func quotesOnOneLine(text: String, quoted: String) {
    #expect(QuotedText.quote(text) == quoted)
  }

  @Test func oneLineEscapesLineBreaksAndTerminalControlButNotQuotes() {
    #expect(QuotedText.oneLine("a \"b\"\r\nc\u{2028}d\u{7}") == "a \"b\"\\r\\nc\\u{2028}d\\u{7}")
  }

  @Test func aRefusedDurationWithALineBreakIsStillOneLine() {
    do {
      _ = try DurationText.parse("2+m\n")
      Issue.record("\"2+m\\n\" was read as a duration")
    } catch {
      #expect(!error.description.contains("\n"))
      #expect(error.description.hasPrefix("\"2+m\\n\" is not a duration"))
    }
  }
}
