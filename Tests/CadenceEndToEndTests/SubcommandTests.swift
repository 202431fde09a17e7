import CadenceTestSupport
import Foundation
import Testing

/// Each subcommand (`task add`, `config set`, `shop buy`, `history import`...) is a command of
/// its own: `cadence help task add` and `cadence task add --help` show its options, the manual
/// has a section for it, its options are its own (another's is refused with a sentence), a
/// mistyped one is answered with the nearest, and completion offers them after `help task`.
@Suite struct SubcommandTests {
  static func environment() -> [String: String] {
    ["CADENCE_DB": TemporaryFolder("subcommand").path("cadence.db")]
  }

  @Test func helpShowsASubcommandsOwnOptions() throws {
    let help = try CadenceProcess.run(["help", "task", "add"])
    #expect(help.status == 0, "\(help.standardError)")
    #expect(help.standardOutput.hasPrefix("Adds a task.\n\nUsage: cadence task add NAME [--goal"))
    for option in ["--goal GOAL", "--priority 0-10", "--days DAYS", "--db PATH"] {
      #expect(help.standardOutput.contains(option), "\(option)")
    }
    #expect(!help.standardOutput.contains("--all") && !help.standardOutput.contains("--json"))
    #expect(
      try CadenceProcess.run(["task", "add", "--help"]).standardOutput == help.standardOutput)
    let set = try CadenceProcess.run(["help", "config", "set"]).standardOutput
    #expect(set.contains("Usage: cadence config set KEY VALUE [--db PATH]"))
    let list = try CadenceProcess.run(["shop", "list", "--help"]).standardOutput
    #expect(list.contains("--json"))
    let unknown = try CadenceProcess.run(["help", "task", "ad"])
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError.hasPrefix(
        "Error: \"ad\" is not a subcommand of cadence task; did you mean add?\nUsage: cadence help")
    )
  }

  @Test func theManualPageHasASectionPerSubcommand() throws {
    let page = try CadenceProcess.run(["help", "--man"]).standardOutput
    for name in [
      "task add", "task list", "task edit", "task done", "task remove", "goal add", "goal edit",
      "shop buy", "shop use", "config get", "config set", "config unset", "history import",
    ] {
      #expect(page.contains(".SS \"\(name)\"\n"), "\(name)")
    }
    let add = page.components(separatedBy: ".SS \"task add\"\n")[1]
      .components(separatedBy: ".SS")[0]
    #expect(add.contains("\\fB\\-\\-priority\\fR") && !add.contains("\\fB\\-\\-all\\fR"))
  }

  @Test(arguments: [
    (
      ["task", "add", "Essay", "--all"],
      "--all is for cadence task list, not task add; leave it out"
    ),
    (
      ["task", "list", "--priority", "3"],
      "--priority is for cadence task add and task edit, not task list; leave it out"
    ),
    (
      ["shop", "buy", "fox", "--json"],
      "--json is for cadence shop list, not shop buy; leave it out"
    ),
    (
      ["goal", "add", "Degree", "--name", "X"],
      "--name is for cadence goal edit, not goal add; leave it out"
    ),
    (
      ["history", "import", "x.json", "--csv"],
      "--csv is for cadence history, not history import; leave it out"
    ),
    (["task", "ad", "Essay"], "\"ad\" is not a subcommand of cadence task; did you mean add?"),
    (
      ["config", "st", "volume", "4"],
      "\"st\" is not a subcommand of cadence config; did you mean set?"
    ),
    (["shop", "frob"], "\"frob\" is not a subcommand of cadence shop; use list, buy, use or show"),
    (["goal"], "cadence goal needs a subcommand: add, list, edit or remove"),
    (["config", "set", "volume"], "cadence config set needs VALUE"),
    (["history", "import"], "cadence history import needs FILE"),
  ])
  func aSubcommandsLineIsRefusedWithOneSentence(arguments: [String], message: String) throws {
    let output = try CadenceProcess.run(arguments, environment: Self.environment())
    #expect(output.status == 64)
    let lines = output.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "Error: \(message)", "\(output.standardError)")
    #expect(lines.count == 2 && lines[1].hasPrefix("Usage: cadence \(arguments[0])"))
    #expect(output.standardOutput.isEmpty)
  }

  @Test func optionsBeforeTheSubcommandStillCount() throws {
    let environment = Self.environment()
    let database = environment["CADENCE_DB"]! + ".other"
    let added = try CadenceProcess.run(
      ["task", "--db", database, "add", "Essay", "--priority", "8"], environment: environment)
    #expect(added.status == 0, "\(added.standardError)")
    let listed = try CadenceProcess.run(["task", "list", "--db", database])
    #expect(listed.standardOutput.contains("Essay"))
  }

  @Test func completionOffersTheSubcommandsAfterHelpAndACommand() throws {
    let fixture = try HostileCompletionFixture()
    let subcommands = ["add", "list", "edit", "done", "remove"]
    #expect(
      try CompletionLiteralTests.bashOffers(["cadence", "help", "task", ""], in: fixture)
        == subcommands)
    #expect(
      Set(try CompletionLiteralTests.fishOffers("cadence help config ", in: fixture))
        == ["list", "get", "set", "unset"])
    #expect(
      Set(try CompletionLiteralTests.fishOffers("cadence help ", in: fixture)).isSuperset(of: [
        "task", "config", "plan",
      ]))
    let options = try CompletionLiteralTests.bashOffers(
      ["cadence", "task", "add", "--"], in: fixture)
    #expect(options.contains("--goal") && !options.contains("--all"), "\(options)")
    let keys = try CompletionLiteralTests.bashOffers(["cadence", "config", "set", ""], in: fixture)
    #expect(keys.contains("volume") && keys.contains("style"), "\(keys)")
  }
}
