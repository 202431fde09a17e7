import CadenceArguments
import CadenceCore
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
    positionals: [PositionalSpec("FILE|NAME", help: "The routine file, or the name of one.")],
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
    let path = arguments.positionals[0]
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
        let pass = plan(path, arguments: arguments, start: start, context: context)
        return PlanWatcher.Pass(output: pass.output, failure: pass.failure?.messages)
      }.run()
    }
    let pass = plan(
      path, arguments: arguments, start: start, context: context,
      emit: { context.console.out($0) })
    if !pass.output.isEmpty { context.console.out(pass.output) }
    if let failure = pass.failure { _ = failure.report(to: context.console) }
    return pass.status
  }

  /// One planning pass: what it prints, and the failure if there was one.
  struct Pass {
    var output = ""
    var failure: RoutineCompilation.Failure?
    var status: ExitCode { failure?.exitCode ?? .success }
  }

  /// `emit`, when given, takes the text as it is made, in chunks, so that an export of any
  /// size is never held whole; otherwise the pass's output holds it (a pass on the screen).
  static func plan(
    _ path: String, arguments: ParsedArguments, start: Date?, context: CommandContext,
    emit: ((String) -> Void)? = nil
  ) -> Pass {
    var context = context
    context.now = start ?? context.now
    let compiled: RoutineCompilation
    switch RoutineCompilation.loaded(
      path, arguments: arguments, usage: spec.usage, context: context)
    {
    case .success(let loaded): compiled = loaded
    case .failure(let failure): return Pass(failure: failure)
    }
    let schedule = compiled.schedule
    func export(_ body: (ChunkedText) -> Void) -> Pass {
      guard let emit else { return Pass(output: ChunkedText.collect(body)) }
      let out = ChunkedText(emit: emit)
      body(out)
      out.flush()
      return Pass()
    }
    if arguments[Self.json] {
      return export { PlanJSON.write(schedule, to: $0) }
    }
    if arguments[Self.ics] {
      let calendar = CalendarExport(
        schedule: schedule, start: context.now, stamp: context.clock.now(),
        version: CadenceCLI.version)
      if let refusal = calendar.refusal() {
        return Pass(
          failure: RoutineCompilation.Failure(
            message: "Error: \(refusal)", exitCode: .usage, usage: spec.usage))
      }
      return export(calendar.write)
    }
    if let target = arguments[Self.svg] {
      var timeline = TimelineSVG(schedule: schedule, start: start, timeZone: context.timeZone)
      if case .frame = compiled.routine.body { timeline.frame = true }
      let picture = timeline.render()
      if target == "-" { return Pass(output: picture) }
      if case .failure(let failure) = OutputFile.write(picture, to: target) {
        return Pass(
          failure: RoutineCompilation.Failure(
            message: failure.sentence, exitCode: failure.exitCode))
      }
      return Pass()
    }
    let renderer = PlanRenderer(
      schedule: schedule, now: context.now, started: start != nil, timeZone: context.timeZone,
      width: context.console.width, colour: context.console.colour)
    return export(renderer.write)
  }

  private static func usage(_ message: String, _ context: CommandContext) -> ExitCode {
    UsageError(message, usage: spec.usage).report(to: context.console)
  }
}
