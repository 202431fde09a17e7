import Testing

@testable import CadenceArguments

@Suite struct ArgumentParserTests {
  let spec = CommandSpec(
    name: "plan", abstract: "Plans.", examples: ["cadence plan gym.lua"],
    options: [
      OptionSpec("set", value: "NAME=VALUE", help: "Sets.", repeatable: true),
      OptionSpec("json", help: "JSON."),
      OptionSpec("width", short: "w", value: "N", help: "Width."),
    ],
    positionals: [PositionalSpec("FILE", help: "A file.")])

  @Test func parsesFlagsOptionsAndPositionals() throws {
    let parsed = try ArgumentParser.parse(
      ["gym.lua", "--set", "a=1", "--set=b=2", "--json", "-w", "80"], for: spec)
    #expect(parsed.positionals == ["gym.lua"])
    #expect(parsed.all("set") == ["a=1", "b=2"])
    #expect(parsed.flag("json"))
    #expect(parsed.value("width") == "80")
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try ArgumentParser.parse(["--", "--json"], for: spec)
    #expect(parsed.positionals == ["--json"])
    #expect(!parsed.flag("json"))
  }

  @Test func helpNeedsNoPositionals() throws {
    #expect(try ArgumentParser.parse(["--help"], for: spec).helpRequested)
    #expect(try ArgumentParser.parse(["-h"], for: spec).helpRequested)
  }

  @Test(arguments: [
    (["gym.lua", "--jsn"], "unknown option --jsn for cadence plan; did you mean --json?"),
    (
      ["gym.lua", "--frobnicate"],
      "unknown option --frobnicate for cadence plan; it takes --set, --json, --width"
    ),
    (["gym.lua", "--set"], "--set needs a value, as in --set NAME=VALUE"),
    (["gym.lua", "--json=yes"], "--json takes no value; write just --json"),
    (["gym.lua", "-w", "1", "-w", "2"], "--width is given twice; give it once"),
    ([], "cadence plan needs FILE"),
    (["a.lua", "b.lua"], "cadence plan takes at most 1, but \"b.lua\" is one more"),
    ([""], "cadence plan was given an empty argument; leave it out or fill it in"),
    (
      ["gym.lua", "--\u{00E9}t\u{00E9}"],
      "unknown option --\u{00E9}t\u{00E9} for cadence plan; it takes --set, --json, --width"
    ),
    (
      ["gym.lua", "--x\u{1B}]0;pwned\u{7}\u{202E}"],
      "unknown option --x\\u{1B}]0;pwned\\u{7}\\u{202E} for cadence plan; it takes --set, --json, --width"
    ),
  ])
  func rejectsWithOneSentence(arguments: [String], message: String) {
    let error = #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments, for: spec) }
    #expect(error?.message == message)
    #expect(error?.usage == "cadence plan FILE [--set NAME=VALUE ...] [--json] [--width N]")
  }

  @Test func helpShowsEveryOptionAndAnExample() {
    let help = HelpFormatter.help(for: spec)
    #expect(help.contains("Usage: cadence plan FILE"))
    #expect(help.contains("--set NAME=VALUE"))
    #expect(help.contains("-w, --width N"))
    #expect(help.contains("Example:\n  cadence plan gym.lua"))
  }
}
