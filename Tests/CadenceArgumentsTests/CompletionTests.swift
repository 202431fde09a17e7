import CadenceArguments
import Testing

/// What completion offers for the next word, read from the words before it as the parser
/// reads them; the program's own lists are asked for by name, with the database named.
@Suite struct CompletionTests {
  static let program = ProgramSpec(
    name: "tool", version: "1", summary: "a tool", description: [],
    commands: [
      CommandSpec(
        name: "config", abstract: "Settings.", examples: [],
        options: [OptionSpec("db", value: "PATH", help: "The database.", kind: .file)],
        subcommands: [
          CommandSpec(
            name: "set", abstract: "Sets one.", examples: [],
            options: [OptionSpec("db", value: "PATH", help: "The database.", kind: .file)],
            positionals: [
              PositionalSpec("KEY", help: "The key.", kind: .listed("settings")),
              PositionalSpec("VALUE", help: "The value.", kind: .listed("setting values")),
            ]),
          CommandSpec(name: "list", abstract: "Lists them.", examples: []),
        ]),
      CommandSpec(
        name: "run", abstract: "Runs one.", examples: [],
        options: [
          OptionSpec("style", value: "STYLE", help: "The style.", kind: .choice(["a", "b"]))
        ],
        positionals: [PositionalSpec("ROUTINE", help: "The routine.", kind: .routine)]),
    ], lister: "tool list")

  /// The candidates after `words`, with every list request recorded.
  static func complete(_ words: [String]) -> (found: [String], asked: [String]) {
    var asked: [String] = []
    let found = Completion.candidates(after: words, in: program, databaseOption: "db") {
      name, before, database in
      asked.append("\(name) after \(before) in \(database ?? "the usual")")
      switch name {
      case "settings": return ["volume", "style", "volume", "bad\nname", ""]
      case "setting values": return before == ["style"] ? ["digital", "analogue"] : []
      case "routines": return ["gym", "tabata\u{202E}"]
      default: return []
      }
    }
    return (found, asked)
  }

  @Test func aCommandsSubcommandsComeFirst() {
    #expect(Self.complete(["config"]).found == ["set", "list"])
    #expect(Self.complete(["config", "--db", "x.db"]).found == ["set", "list"])
    #expect(Self.complete(["nothing"]).found == [])
    #expect(Self.complete(["config", "nothing"]).found == [])
  }

  @Test func aListIsAskedForWithTheArgumentsBeforeAndTheDatabase() {
    let keys = Self.complete(["config", "set", "--db=other.db"])
    // Each once, none empty, none a line cannot hold.
    #expect(keys.found == ["volume", "style"])
    #expect(keys.asked == ["settings after [] in other.db"])
    let values = Self.complete(["config", "--db", "x.db", "set", "style"])
    #expect(values.found == ["digital", "analogue"])
    #expect(values.asked == ["setting values after [\"style\"] in x.db"])
  }

  @Test func routinesChoicesAndOptionValues() {
    #expect(Self.complete(["run"]).found == ["gym"])
    #expect(Self.complete(["run", "--style"]).found == ["a", "b"])
    #expect(Self.complete(["run", "gym"]).found == [])
  }
}
