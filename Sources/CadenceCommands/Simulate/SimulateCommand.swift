import CadenceArguments
import CadenceRunning
import CadenceSystem

/// `cadence simulate FILE`: the whole run in virtual time, every event and message at once.
enum SimulateCommand {
  static let spec = CommandSpec(
    name: "simulate",
    abstract: "Runs a routine in virtual time and prints every event and hook message at once.",
    discussion: """
      Manual steps are taken as done the moment they start. Hooks run as they would in a real
      run, under the same budget, so a slow or failing hook shows up here first; all of them
      together may take 10 seconds, after which Cadence's own messages stand in (status 65).
      Commands a hook asks for (actions) never run here: each is shown under its event as
      "would run" (or "would skip", for a routine you do not trust), and --json lists them as
      "actions".
      """,
    examples: ["cadence simulate gym", "cadence simulate tabata --json"],
    options: [
      .setParameter,
      json.spec,
    ],
    positionals: [CommonOptions.routine.spec]
  )

  static let json = CommonOptions.json.described(
    "Prints one JSON object a line, as run --json does.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    switch RoutineCompilation.loaded(
      arguments[CommonOptions.routine]!, sets: arguments.all(CommonOptions.setParameter),
      usage: spec.usage, context: context)
    {
    case .success(let compiled):
      return compiled.simulate(json: arguments[Self.json], context: context)
    case .failure(let failure): return failure.report(to: context.console)
    }
  }
}
