import Testing

@testable import CadenceArguments

/// Positional arguments declared once as typed values: the parser hands each its words (an
/// optional one before a required one takes a word only when there are enough), reads them,
/// and refuses a word it cannot read with the positional's own sentence and the usage line.
@Suite struct TypedPositionalTests {
  static let session = Positional<String>("SESSION", help: "The session.", minimum: 0)
  static let text = Positional<String>("TEXT", help: "The note.") { text in
    text.count > 5 ? .failure(ArgumentRefusal("a note is at most 5 characters")) : .success(text)
  }
  static let amount = Positional<Int>(
    "AMOUNT", help: "Minutes.", refusal: { "\"\($0)\" is not a number of minutes; write 5" },
    convert: { Int($0) })
  static let files = Positional<String>("FILE", help: "Files.", maximum: nil)

  static let note = CommandSpec(
    name: "note", abstract: "Notes.", examples: ["cadence note hi"],
    positionals: [session.spec, text.spec])
  static let adjust = CommandSpec(
    name: "adjust", abstract: "Adjusts.", examples: ["cadence adjust 5"],
    positionals: [amount.spec])
  static let check = CommandSpec(
    name: "check", abstract: "Checks.", examples: ["cadence check a"], positionals: [files.spec])

  @Test func anOptionalPositionalBeforeARequiredOneTakesAWordOnlyWhenThereAreEnough() throws {
    let one = try ArgumentParser.parse(["hello"], for: Self.note)
    #expect(one[Self.session] == nil)
    #expect(one[Self.text] == "hello")
    let two = try ArgumentParser.parse(["42", "hello"], for: Self.note)
    #expect(two[Self.session] == "42")
    #expect(two[Self.text] == "hello")
  }

  @Test func readsTypedValuesAndEveryValueOfOneThatTakesMany() throws {
    #expect(try ArgumentParser.parse(["15"], for: Self.adjust)[Self.amount] == 15)
    let files = try ArgumentParser.parse(["a", "--", "-b", "c"], for: Self.check)
    #expect(files.all(Self.files) == ["a", "-b", "c"])
    #expect(files[Self.files] == "a")
  }

  @Test(arguments: [
    (["lots"], adjust, "\"lots\" is not a number of minutes; write 5"),
    ([], adjust, "cadence adjust needs AMOUNT"),
    (["1", "2"], adjust, "cadence adjust takes at most 1, but \"2\" is one more"),
    (["far too long"], note, "a note is at most 5 characters"),
    (["42", "far too long"], note, "a note is at most 5 characters"),
    ([], note, "cadence note needs TEXT"),
    (["a", "b", "c"], note, "cadence note takes at most 2, but \"c\" is one more"),
  ])
  func refusesWhatAPositionalCannotRead(arguments: [String], spec: CommandSpec, message: String) {
    let error = #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments, for: spec) }
    #expect(error?.message == message)
    #expect(error?.usage == spec.usage)
  }

  @Test func aWordGivenToAnotherCommandIsReadOrRefusedAsTheParserWould() throws {
    #expect(try Self.amount.value(of: "7", usage: "cadence timer") == 7)
    let error = #expect(throws: UsageError.self) {
      try Self.amount.value(of: "x", usage: "cadence timer [AMOUNT]")
    }
    #expect(
      error
        == UsageError("\"x\" is not a number of minutes; write 5", usage: "cadence timer [AMOUNT]"))
  }

  @Test func theUsageLineShowsAnOptionalPositionalInBrackets() {
    #expect(Self.note.usage == "cadence note [SESSION] TEXT")
    #expect(Self.check.usage == "cadence check FILE...")
  }
}
