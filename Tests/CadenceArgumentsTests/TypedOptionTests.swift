import Testing

@testable import CadenceArguments

/// Options declared once as typed values: the parser checks them by kind, and they read back
/// as numbers, text and flags.
@Suite struct TypedOptionTests {
  static let days = Option.integer("days", in: 1...30, help: "Days.")
  static let style = Option<String>(
    "style", value: "STYLE", help: "Style.",
    kind: .choice(["digital", "analogue"], aliases: ["analog"]))
  static let json = Flag("json", help: "JSON.")
  static let csv = Flag("csv", help: "CSV.")

  let spec = CommandSpec(
    name: "stats", abstract: "Stats.", examples: ["cadence stats"],
    options: [days.spec, style.spec, json.spec, csv.spec],
    positionals: [
      PositionalSpec("SHELL", help: "A shell.", minimum: 0, kind: .choice(["bash", "zsh"]))
    ],
    exclusive: [["json", "csv"]])

  @Test func readsTypedValues() throws {
    let parsed = try ArgumentParser.parse(["--days", "7", "--style=Analog", "--json"], for: spec)
    #expect(parsed[Self.days] == 7)
    #expect(parsed[Self.style] == "Analog")
    #expect(parsed[Self.json])
    #expect(!parsed[Self.csv])
  }

  @Test(arguments: [
    (["--days", "0"], "--days takes a whole number from 1 to 30, not \"0\""),
    (["--days", "many"], "--days takes a whole number from 1 to 30, not \"many\""),
    (["--style", "sundial"], "--style takes digital or analogue, not \"sundial\""),
    (["--json", "--csv"], "--json and --csv cannot be given together; choose one"),
    (["fish"], "SHELL takes bash or zsh, not \"fish\""),
    (["--days", "x\u{1B}[2J"], "--days takes a whole number from 1 to 30, not \"x?[2J\""),
  ])
  func refusesWhatTheSpecificationRules(arguments: [String], message: String) {
    let error = #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments, for: spec) }
    #expect(error?.message == message)
  }

  @Test func helpSkipsValueChecks() throws {
    #expect(try ArgumentParser.parse(["--days", "0", "--help"], for: spec).helpRequested)
  }

  @Test func pathsAreFilesAndRoutinesAreRoutinesUnlessToldOtherwise() {
    #expect(OptionSpec("db", value: "PATH", help: "Db.").kind == .file)
    #expect(OptionSpec("task", value: "NAME", help: "Task.").kind == .text)
    #expect(PositionalSpec("FILE|NAME", help: "Routine.").kind == .routine)
  }

  @Test func aSharedDeclarationReadsBackWithEachCommandsHelp() throws {
    let shared = Flag("json", help: "Prints JSON instead of text.")
    let listing = shared.described("Lists the tasks as JSON.")
    let database = Option<String>("db", value: "PATH", help: "A database.")
    let spec = CommandSpec(
      name: "task", abstract: "Tasks.", examples: ["cadence task"],
      options: [listing.spec, database.described("Uses this database.").spec])
    #expect(spec.options.map(\.help) == ["Lists the tasks as JSON.", "Uses this database."])
    let parsed = try ArgumentParser.parse(["--json", "--db", "x.db"], for: spec)
    #expect(parsed[shared] && parsed[listing])
    #expect(parsed[database] == "x.db")
    #expect(
      HelpFormatter.help(for: spec).contains("--json                  Lists the tasks as JSON."))
  }

  enum Order: String, CaseIterable, Sendable { case priority, deadline }

  @Test func aChoiceReadsBackAsItsCase() throws {
    let order = Option<Order>.choice("by", value: "ORDER", help: "The order.")
    let spec = CommandSpec(
      name: "today", abstract: "Today.", examples: ["cadence today"], options: [order.spec])
    #expect(order.spec.kind == .choice(["priority", "deadline"]))
    #expect(try ArgumentParser.parse(["--by", "DEADLINE"], for: spec)[order] == .deadline)
    #expect(try ArgumentParser.parse([], for: spec)[order] == nil)
    let error = #expect(throws: UsageError.self) {
      try ArgumentParser.parse(["--by=colour"], for: spec)
    }
    #expect(error?.message == "--by takes priority or deadline, not \"colour\"")
  }
}
