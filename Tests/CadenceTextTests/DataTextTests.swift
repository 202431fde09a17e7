import Testing

@testable import CadenceText

@Suite struct DataTextTests {
  @Test func jsonEscapesEveryControlAndRoundTripsThroughTheSameText() {
    #expect(
      JSONText.quoted(Hostile.text)
        == "\"-a\\u001b]52;c;SGVsbG8=\\u0007b\\u001b]0;t\\u0007\\r\\nc\\u0000\\u007f\\u009b\\u202ed\""
    )
    #expect(JSONText.quoted("\"\\\u{8}\u{C}\t\u{2028}") == "\"\\\"\\\\\\b\\f\\t\\u2028\"")
    #expect(JSONText.quoted("é 🏋️") == "\"é 🏋️\"")
  }

  @Test func inertJSONEscapesWhatAnotherEncoderLeftRawAndNothingElse() {
    let encoded = "{\"a\":\"x\u{9B}2J\u{85}\u{7F}\u{202E}\u{2028}\\u001b é\"}"
    #expect(
      JSONText.inert(encoded)
        == "{\"a\":\"x\\u009b2J\\u0085\\u007f\\u202e\\u2028\\u001b é\"}")
    #expect(JSONText.inert(Array(encoded.utf8)) == Array(JSONText.inert(encoded).utf8))
    #expect(JSONText.inert("[\"é 🏋️\"]") == "[\"é 🏋️\"]")
  }

  @Test func csvQuotesSeparatorsLineBreaksAndQuotesScalarByScalar() {
    #expect(CSVText.field("plain") == "plain")
    #expect(CSVText.field("a,b") == "\"a,b\"")
    #expect(CSVText.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVText.field("a\nb") == "\"a\nb\"")
    #expect(CSVText.field("a\rb") == "\"a\rb\"")
    #expect(CSVText.field("a\r\nb") == "\"a\r\nb\"")
    #expect(CSVText.field("") == "")
  }

  @Test(arguments: ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "\r\nx"])
  func csvDefusesALeadingFormula(text: String) {
    #expect(CSVText.field(text) == "\"'" + text + "\"")
  }

  @Test func csvKeepsTheHostileTextExactlyInsideOneQuotedField() {
    #expect(CSVText.field(Hostile.text) == "\"'" + Hostile.text + "\"")
    #expect(CSVText.record(["a", CSVText.field("b,c")]) == "a,\"b,c\"\r\n")
  }

  @Test func notifySendGetsItsOptionsThenTheEndOfOptionsThenTitleAndBody() {
    #expect(
      NotifyText.arguments(title: "--app-name=x", body: "-w <b>&'\"", urgency: "low")
        == [
          "--app-name=Cadence", "--urgency=low", "--", "--app-name=x",
          "-w &lt;b&gt;&amp;&#39;&quot;",
        ])
    #expect(NotifyText.plain(Hostile.text) == "-a ]52;c;SGVsbG8= b ]0;t   c    d")
    #expect(NotifyText.markup(Hostile.text) == "-a ]52;c;SGVsbG8= b ]0;t   c    d")
  }

  @Test func iCalendarTextEscapesSeparatorsAndLineBreaksAndDropsControls() {
    #expect(ICalendarText.text(Hostile.text) == "-a]52\\;c\\;SGVsbG8=b]0\\;t\\ncd")
    #expect(ICalendarText.text("a\\b,c;d\ne\rf\tg") == "a\\\\b\\,c\\;d\\ne\\nf\tg")
  }

  @Test func iCalendarFoldsAt75OctetsWithoutSplittingACharacter() {
    let exact = String(repeating: "a", count: 75)
    #expect(ICalendarText.fold(exact) == exact + "\r\n")
    let long = String(repeating: "a", count: 80)
    #expect(
      ICalendarText.fold(long)
        == String(repeating: "a", count: 75) + "\r\n " + String(repeating: "a", count: 5) + "\r\n")
    let wide = String(repeating: "a", count: 74) + "é" + String(repeating: "€", count: 30)
    let folded = ICalendarText.fold(wide)
    let lines = folded.utf8.split(separator: 10).map(Array.init)
    #expect(lines.allSatisfy { $0.count <= 76 })  // 75 octets and the CR
    #expect(folded.hasPrefix(String(repeating: "a", count: 74) + "\r\n é"))
    #expect(folded.replacingFolds() == wide)
  }

  @Test func xmlEscapesMarkupAndReplacesWhatXMLCannotHold() {
    #expect(
      XMLText.text(Hostile.text)
        == "-a\u{FFFD}]52;c;SGVsbG8=\u{FFFD}b\u{FFFD}]0;t\u{FFFD}  c\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}d"
    )
    #expect(XMLText.text("<a href=\"x\">&'</a>") == "&lt;a href=\"x\"&gt;&amp;'&lt;/a&gt;")
    #expect(XMLText.attribute("\"'<&>\t\n\r") == "&quot;&apos;&lt;&amp;&gt;&#9;&#10;&#13;")
    #expect(XMLText.text("\u{FFFE}\u{FFFF}ok") == "\u{FFFD}\u{FFFD}ok")
    #expect(XMLText.text("a\u{2066}b\u{200F}c\td") == "a\u{FFFD}b\u{FFFD}c d")
    #expect(XMLText.attribute("\u{202D}x") == "\u{FFFD}x")
  }
}

extension String {
  /// Undoes iCalendar folding: CR LF followed by a space is removed, the final CR LF too.
  fileprivate func replacingFolds() -> String {
    var scalars = Array(unicodeScalars)
    if scalars.suffix(2) == ["\r", "\n"] { scalars.removeLast(2) }
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if index + 2 < scalars.count, scalars[index] == "\r", scalars[index + 1] == "\n",
        scalars[index + 2] == " "
      {
        index += 3
        continue
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }
}
