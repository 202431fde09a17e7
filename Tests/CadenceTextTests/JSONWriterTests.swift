import CadenceText
import Foundation
import Testing

/// The one JSON writer: commas and colons where JSON needs them at any depth, every string (a
/// member's name too) escaped so a terminal acts on none of it, and numbers as JSON has them.
@Suite struct JSONWriterTests {
  @Test func membersAndElementsAreSeparatedAtEveryDepth() {
    var json = JSONWriter()
    json.beginObject()
    json.member("a", 1)
    json.name("list")
    json.beginArray()
    json.integer(1)
    json.beginObject()
    json.endObject()
    json.beginArray()
    json.null()
    json.bool(false)
    json.endArray()
    json.string("x")
    json.endArray()
    json.member("b", nil as String?)
    json.member("c", true)
    json.endObject()
    #expect(json.text == #"{"a":1,"list":[1,{},[null,false],"x"],"b":null,"c":true}"#)
  }

  @Test func everyStringAndNameIsInertAndReadsBackTheSame() throws {
    let hostile = Hostile.text + "\u{85}\u{2028}\u{2029}\u{2066}\u{200F}"
    var json = JSONWriter()
    json.beginObject()
    json.member(hostile, hostile)
    json.endObject()
    let raw = json.text.unicodeScalars.filter { TerminalText.isUnsafe($0) }
    #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })")
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: String])
    #expect(object == [hostile: hostile])
  }

  @Test func numbersAreWholeWhereTheyCanBeAndNullWhereJSONHasNone() {
    var json = JSONWriter()
    json.beginArray()
    for value in [2.0, 0.25, -1e20, .infinity, .nan] { json.number(value) }
    json.integer(Int64.min)
    json.endArray()
    #expect(json.text == "[2,0.25,-1e+20,null,null,-9223372036854775808]")
  }

  @Test func whatIsTakenIsHandedOnAndTheDocumentGoesOnWhereItWas() {
    var json = JSONWriter()
    var pieces: [String] = []
    json.beginArray()
    json.integer(1)
    pieces.append(json.take())
    json.integer(2)
    json.endArray()
    pieces.append(json.take())
    #expect(pieces == ["[1", ",2]"])
    #expect(json.text.isEmpty)
  }
}
