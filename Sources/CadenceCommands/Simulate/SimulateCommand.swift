import CadenceArguments
import CadenceCore
import CadenceLua

/// `cadence simulate FILE`: the whole run in virtual time, every event and message at once.
enum SimulateCommand {
  static let spec = CommandSpec(
    name: "simulate",
    abstract: "Runs a routine in virtual time and prints every event and hook message at once.",
    discussion: """
      Manual steps are taken as done the moment they start. Hooks run as they would in a real
      run, under the same budget, so a slow or failing hook shows up here first.
      """,
    examples: ["cadence simulate examples/gym.lua", "cadence simulate examples/tabata.lua --json"],
    options: [
      .setParameter,
      OptionSpec("json", help: "Prints one JSON object a line, as run --json does."),
    ],
    positionals: [PositionalSpec("FILE", help: "The routine file to simulate.")]
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let path = arguments.positionals[0]
    let compiled: RoutineCompilation
    do {
      compiled = try RoutineCompilation.load(path, arguments: arguments, context: context).compiled
    } catch {
      return error.report(to: context.console)
    }
    let narrator = EventNarrator(
      hooks: RoutineHooks(file: compiled.file, hooks: compiled.routine.hooks))
    let formatter = EventFormatter(clock: .routine)
    let json = arguments.flag("json")
    var output = ""
    output.reserveCapacity(1 << 16)

    func emit(_ events: [EngineEvent], _ engine: Engine) {
      for event in events {
        let narration = narrator.narrate(event, engine: engine)
        if let failure = narration.hookFailure {
          context.console.problem("\(failure)")
        }
        if json {
          output += formatter.json(narration) + "\n"
        } else if !EventFormatter.isQuiet(event, segments: engine.schedule.segments) {
          output += formatter.plain(narration) + "\n"
        }
        if output.utf8.count > 1 << 16 {
          context.console.out(output)
          output.removeAll(keepingCapacity: true)
        }
      }
    }

    var engine = Engine(schedule: compiled.schedule)
    emit(engine.start(at: 0), engine)
    var now: Int64 = 0
    while !engine.isOver {
      if case .waiting = engine.state {
        emit(engine.apply(.complete, at: now), engine)
        continue
      }
      guard let deadline = engine.nextDeadline else { break }
      now = deadline
      emit(engine.advance(to: now), engine)
    }
    context.console.out(output)
    return .success
  }
}
