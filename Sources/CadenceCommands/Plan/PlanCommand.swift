import CadenceArguments
import CadenceCore

/// `cadence plan FILE`: the schedule a routine compiles to, as a table and a timeline, or JSON.
enum PlanCommand {
  static let spec = CommandSpec(
    name: "plan",
    abstract: "Shows the exact schedule of a routine: every segment, milestone and reminder.",
    discussion: """
      Times are routine time from the start: manual steps wait for you and take none, and the
      finish clock time assumes the routine starts now.
      """,
    examples: [
      "cadence plan examples/gym.lua --set rounds=5",
      "cadence plan examples/revision.lua --json",
    ],
    options: [
      .setParameter,
      OptionSpec("json", help: "Prints the schedule as one JSON object."),
    ],
    positionals: [PositionalSpec("FILE", help: "The routine file to plan.")]
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let path = arguments.positionals[0]
    let compiled: RoutineCompilation
    do {
      compiled = try RoutineCompilation.load(path, arguments: arguments, context: context).compiled
    } catch {
      return error.report(to: context.console)
    }
    if arguments.flag("json") {
      context.console.out(PlanJSON.object(for: compiled.schedule).rendered + "\n")
    } else {
      let renderer = PlanRenderer(
        schedule: compiled.schedule, now: context.now, timeZone: context.timeZone,
        width: context.console.width, colour: context.console.colour)
      context.console.out(renderer.render())
    }
    return .success
  }
}
