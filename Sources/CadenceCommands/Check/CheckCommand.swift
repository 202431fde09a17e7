import CadenceArguments
import CadenceRunning
import CadenceSystem

/// `cadence check FILE...`: validates routine files before anyone runs them.
enum CheckCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Validates routine files and reports every problem, with where and what to do.",
    discussion: """
      Each file is loaded in the sandbox, validated and compiled. Every file is checked; the
      exit status is that of the first bad one: 65 for a bad routine, 66 for a missing file.
      """,
    examples: ["cadence check gym tabata ~/routines/*.lua", "cadence check gym --set rounds=5"],
    options: [
      .setParameter
    ],
    positionals: [routines.spec]
  )

  static let routines = Positional<String>(
    "FILE|NAME", help: "A routine file, or the name of one, to check.", maximum: nil)

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let overrides: [(name: String, value: String)]
    switch RoutineCompilation.overrides(arguments.all(CommonOptions.setParameter)) {
    case .success(let pairs): overrides = pairs
    case .failure(var failure):
      failure.usage = spec.usage
      return failure.report(to: context.console)
    }
    let checked = RoutineCompilation.check(
      arguments.all(Self.routines), overrides: overrides, context: context)
    // A `--set` some routine refuses is a bad command line: its usage line, once, at the end.
    if checked.badCommandLine { context.console.error("Usage: \(spec.usage)\n") }
    return checked.status
  }
}
