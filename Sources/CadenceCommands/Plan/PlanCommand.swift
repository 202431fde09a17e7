import CadenceArguments
import CadenceOutput
import CadenceRunning
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// `cadence plan FILE`: the schedule a routine compiles to, as a table and a timeline, or JSON,
/// an iCalendar file or an SVG picture; `--watch` plans again on every save.
enum PlanCommand {
  static let spec = CommandSpec(
    name: "plan",
    abstract: "Shows the exact schedule of a routine: every segment, milestone and reminder.",
    discussion: """
      Times are routine time from the start: manual steps wait for you and take none, and the
      finish clock time assumes the routine starts now, or at --start. --ics prints a calendar
      with an alarm at every boundary and milestone; --svg draws the timeline.
      """,
    examples: [
      "cadence plan gym --set rounds=5",
      "cadence plan revision --ics --start 09:00 > revision.ics",
      "cadence plan revision --svg revision.svg --watch",
    ],
    options: [
      .setParameter,
      json.spec, ics.spec, svg.spec, start.spec, watch.spec,
    ],
    positionals: [CommonOptions.routine.spec],
    exclusive: [["json", "ics", "svg"]]
  )

  static let json = CommonOptions.json.described("Prints the schedule as one JSON object.")
  static let ics = Flag(
    "ics", help: "Prints an iCalendar file with an alarm at every boundary and milestone.")
  static let svg = Option<String>(
    "svg", value: "OUT.svg", help: "Draws the timeline into OUT.svg, or standard output for -.",
    kind: .file)
  static let start = Option<String>(
    "start", value: "TIME",
    help: "Starts the plan at TIME (09:00, or 2026-12-01T09:00) instead of now.")
  static let watch = Flag(
    "watch", help: "Plans again each time the file is saved, until q or Ctrl-C.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    var start: Date?
    if let text = arguments[Self.start] {
      guard let instant = StartArgument.parse(text, now: context.now, timeZone: context.timeZone)
      else {
        return usage(
          "--start \(QuotedText.quote(text)) is not a time; write it as 09:00, 5:30pm, 2026-12-01T09:00 or 2026-12-01T09:00Z",
          context)
      }
      start = instant
    }
    let path = arguments[CommonOptions.routine]!
    let format: PlanPass.Format =
      arguments[Self.json]
      ? .json
      : arguments[Self.ics]
        ? .ics(version: CadenceCLI.version) : arguments[Self.svg].map { .svg($0) } ?? .screen
    /// One pass: the routine compiled anew, planned from `start` or now.
    func plan(_ context: CommandContext, emit: ((String) -> Void)? = nil) -> PlanPass {
      var context = context
      context.now = start ?? context.now
      switch RoutineCompilation.loaded(
        path, sets: arguments.all(CommonOptions.setParameter), usage: spec.usage,
        context: context)
      {
      case .success(let compiled):
        return PlanPass(
          compiled, as: format, start: start, usage: spec.usage, context: context, emit: emit)
      case .failure(let failure): return PlanPass(failure: failure)
      }
    }
    if arguments[Self.watch] {
      if arguments[Self.ics] || arguments[Self.svg] == "-" {
        return usage(
          "--watch shows the plan again on each save, so it needs the screen or --svg FILE; leave out --watch to export once",
          context)
      }
      // A name is watched as the file the library finds for it.
      let file = (try? RoutineLibrary(environment: context.environment).resolve(path).get())?.path
      return PlanWatcher(
        path: file ?? path, context: context, svgTarget: arguments[Self.svg],
        json: arguments[Self.json]
      ) { context in
        let pass = plan(context)
        return PlanWatcher.Pass(output: pass.output, failure: pass.failure?.messages)
      }.run()
    }
    let pass = plan(context) { context.console.out($0) }
    if !pass.output.isEmpty { context.console.out(pass.output) }
    if let failure = pass.failure { _ = failure.report(to: context.console) }
    return pass.status
  }

  private static func usage(_ message: String, _ context: CommandContext) -> ExitCode {
    UsageError(message, usage: spec.usage).report(to: context.console)
  }
}
