import CadenceArguments
import CadenceOutput
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText

/// `cadence list`: every routine a name finds, with where it comes from, its length, tags and
/// description.
struct ListCommand: CadenceCommand {
  static let json = CommonOptions.json.described("Prints a JSON array of routines.")
  static let names = Flag("names", help: "Prints only the names, one a line.")
  static let complete = Option<String>(
    "complete", value: "WORD",
    help:
      "Prints what completion offers after these words (the command's name, then each word before the one completed), one a line.",
    repeatable: true)

  static let spec = CommandSpec(
    name: "list",
    abstract: "Lists the routines a NAME finds: your library and the built-in presets.",
    discussion: """
      A name is looked for as NAME.lua in each folder of $CADENCE_ROUTINES, then in
      $XDG_CONFIG_HOME/cadence/routines (~/.config/cadence/routines), then among the presets
      built into cadence; the first found is the one listed and used. The length is the plan's
      with the routine's defaults; a routine that does not check says so.
      """,
    examples: ["cadence list", "cadence list --json"],
    options: [json.spec, names.spec, complete.spec],
    positionals: [],
    exclusive: [["json", "names", "complete"]]
  )

  var json: Bool
  var namesOnly: Bool
  /// The words before the one being completed, when completing.
  var completing: [String]

  init(arguments: ParsedArguments) throws(UsageError) {
    json = arguments[Self.json]
    namesOnly = arguments[Self.names]
    completing = arguments.all(Self.complete)
  }

  func run(context: CommandContext) -> ExitCode {
    if !completing.isEmpty {
      let candidates = Completion.candidates(
        after: completing, in: CadenceCLI.program,
        databaseOption: CommonOptions.database.spec.name
      ) { name, before, database in
        CompletionLists.words(
          name, after: before, database: database, environment: context.environment)
      }
      context.console.out(candidates.map { $0 + "\n" }.joined())
      return .success
    }
    let entries = RoutineLibrary(environment: context.environment).entries()
    if namesOnly {
      context.console.out(entries.map { TerminalText.line($0.name) + "\n" }.joined())
      return .success
    }
    let rows = entries.map { RoutineCompilation.listed($0, context: context) }
    context.console.out(json ? RoutineListing.json(rows) : RoutineListing.table(rows))
    return .success
  }
}
