import Testing

@testable import CadenceArguments

/// A subcommand is a command of its own: the parser reads the rest of the line as its, with
/// its own options and arguments, options before its name too; what another subcommand takes
/// is refused with a sentence naming that one, and a mistyped name with the nearest ones.
@Suite struct SubcommandParserTests {
  static let goal = Option<String>("goal", value: "GOAL", help: "The goal.")
  static let database = Option<String>("db", value: "PATH", help: "The database.")
  static let all = Flag("all", help: "Lists done tasks too.")
  static let json = Flag("json", help: "JSON.")

  static let task = CommandSpec(
    name: "task", abstract: "Tasks.", examples: ["cadence task list"],
    subcommands: [
      CommandSpec(
        name: "add", abstract: "Adds a task.", examples: ["cadence task add Essay"],
        options: [goal.spec, database.spec], positionals: [PositionalSpec("NAME", help: "Name.")]),
      CommandSpec(
        name: "list", abstract: "Lists the tasks.", examples: [],
        options: [all.spec, json.spec, database.spec]),
    ],
    subcommandRequired: true)

  static let shop = CommandSpec(
    name: "shop", abstract: "The shop.", examples: ["cadence shop"], options: [json.spec],
    subcommands: [
      CommandSpec(name: "list", abstract: "Lists.", examples: [], options: [json.spec]),
      CommandSpec(
        name: "buy", abstract: "Buys.", examples: [],
        positionals: [PositionalSpec("NAME", help: "Item.")]),
      CommandSpec(
        name: "use", abstract: "Uses.", examples: [],
        positionals: [PositionalSpec("NAME", help: "Item.")]),
    ])

  @Test func theRestOfTheLineIsTheSubcommands() throws {
    let parsed = try ArgumentParser.parse(["add", "Essay", "--goal", "Degree"], for: Self.task)
    #expect(parsed.subcommand == "add")
    #expect(parsed.positionals == ["Essay"])
    #expect(parsed[Self.goal] == "Degree")
    let before = try ArgumentParser.parse(["--db", "x.db", "ADD", "Essay"], for: Self.task)
    #expect(before.subcommand == "add")
    #expect(before.positionals == ["Essay"])
    #expect(before[Self.database] == "x.db")
    let listed = try ArgumentParser.parse(["list", "--all"], for: Self.task)
    #expect(listed.subcommand == "list" && listed[Self.all] && listed.positionals.isEmpty)
  }

  @Test func aCommandThatRunsAloneNeedsNoSubcommand() throws {
    let parsed = try ArgumentParser.parse(["--json"], for: Self.shop)
    #expect(parsed.subcommand == nil)
    #expect(parsed[Self.json])
    #expect(try ArgumentParser.parse(["buy", "fox"], for: Self.shop).subcommand == "buy")
  }

  @Test(arguments: [
    (["add", "Essay", "--all"], "--all is for cadence task list, not task add; leave it out"),
    (["list", "--goal", "x"], "--goal is for cadence task add, not task list; leave it out"),
    (
      ["add", "Essay", "--frob"],
      "unknown option --frob for cadence task add; it takes --goal, --db"
    ),
    (["ad", "Essay"], "\"ad\" is not a subcommand of cadence task; did you mean add?"),
    (["lsit"], "\"lsit\" is not a subcommand of cadence task; did you mean list?"),
    (["frob"], "\"frob\" is not a subcommand of cadence task; use add or list"),
    ([], "cadence task needs a subcommand: add or list"),
    (["--db", "x.db"], "cadence task needs a subcommand: add or list"),
    (["add"], "cadence task add needs NAME"),
    (["list", "Essay"], "cadence task list takes no arguments, but \"Essay\" is one more"),
  ])
  func refusesWithOneSentence(arguments: [String], message: String) {
    let error = #expect(throws: UsageError.self) {
      try ArgumentParser.parse(arguments, for: Self.task)
    }
    #expect(error?.message == message)
    #expect(error?.usage.hasPrefix("cadence task") == true)
  }

  @Test func aRefusalInASubcommandShowsItsUsage() {
    let error = #expect(throws: UsageError.self) {
      try ArgumentParser.parse(["add", "Essay", "--all"], for: Self.task)
    }
    #expect(error?.usage == "cadence task add NAME [--goal GOAL] [--db PATH]")
  }

  @Test func nearestSubcommandsAreAllThoseAsNear() {
    let error = #expect(throws: UsageError.self) {
      try ArgumentParser.parse(["ise"], for: Self.shop)
    }
    #expect(error?.message == "\"ise\" is not a subcommand of cadence shop; did you mean use?")
    #expect(Nearest.words(to: "bux", among: ["buy", "bug", "use"]) == ["buy", "bug"])
  }

  @Test func helpIsTheSubcommands() throws {
    let parsed = try ArgumentParser.parse(["add", "--help"], for: Self.task)
    #expect(parsed.helpRequested && parsed.subcommand == "add")
    let help = HelpFormatter.help(for: Self.task.qualified("add"))
    #expect(
      help.hasPrefix("Adds a task.\n\nUsage: cadence task add NAME [--goal GOAL] [--db PATH]\n"))
    #expect(help.contains("--goal GOAL") && !help.contains("--all"))
    #expect(help.contains("Example:\n  cadence task add Essay\n"))
    let parent = HelpFormatter.help(for: Self.task)
    #expect(parent.contains("Usage: cadence task SUBCOMMAND [--goal GOAL]"))
    #expect(parent.contains("Run cadence help task SUBCOMMAND for a subcommand's options."))
  }

  @Test func theManualHasASectionPerSubcommand() {
    let program = ProgramSpec(
      name: "cadence", version: "1", summary: "a timer", description: [],
      commands: [Self.task, Self.shop], lister: "cadence list")
    let page = ManPage.page(for: program)
    for name in ["task", "task add", "task list", "shop", "shop buy", "shop use"] {
      #expect(page.contains(".SS \"\(name)\"\n"), "\(name)")
    }
    let start = page.firstRange(of: ".SS \"task add\"\n")!.upperBound
    let add = page[start...].split(separator: ".SS").first ?? ""
    #expect(add.contains("cadence task add NAME [\\-\\-goal GOAL] [\\-\\-db PATH]"))
    #expect(add.contains("\\fB\\-\\-goal\\fR") && !add.contains("\\-\\-all"))
  }
}
