import CadenceCore
import CadenceOutput
import CadenceSystem
import FoundationEssentials

/// One pass of `cadence plan` over a compiled routine: what it prints, and the failure if
/// there was one.
public struct PlanPass {
  /// How the plan is shown: on the screen (a table and a timeline), as JSON, as an iCalendar
  /// file made by this `version` of Cadence, or as an SVG picture written to a file (standard
  /// output for `-`).
  public enum Format: Equatable, Sendable {
    case screen, json
    case ics(version: String)
    case svg(String)
  }

  public var output = ""
  public var failure: RoutineCompilation.Failure?
  public var status: ExitCode { failure?.exitCode ?? .success }

  public init(output: String = "", failure: RoutineCompilation.Failure? = nil) {
    self.output = output
    self.failure = failure
  }

  /// The plan of `compiled` in `format`, from `context.now`; `start` is the time the command
  /// line gave, if any, and `usage` its usage line, for a calendar it refuses. `emit`, when
  /// given, takes the text as it is made, in chunks, so that an export of any size is never
  /// held whole; otherwise the pass's output holds it (a pass on the screen).
  public init(
    _ compiled: RoutineCompilation, as format: Format, start: Date?, usage: String,
    context: CommandContext, emit: ((String) -> Void)? = nil
  ) {
    func export(_ body: (ChunkedText) -> Void) -> PlanPass {
      guard let emit else { return PlanPass(output: ChunkedText.collect(body)) }
      let out = ChunkedText(emit: emit)
      body(out)
      out.flush()
      return PlanPass()
    }
    let schedule = compiled.schedule
    switch format {
    case .json:
      self = export { PlanJSON.write(schedule, to: $0) }
    case .ics(let version):
      let calendar = CalendarExport(
        schedule: schedule, start: context.now, stamp: context.clock.now(), version: version)
      if let refusal = calendar.refusal() {
        self.init(
          failure: RoutineCompilation.Failure(
            message: "Error: \(refusal)", exitCode: .usage, usage: usage))
      } else {
        self = export(calendar.write)
      }
    case .svg(let target):
      var timeline = TimelineSVG(schedule: schedule, start: start, timeZone: context.timeZone)
      if case .frame = compiled.routine.body { timeline.frame = true }
      let picture = timeline.render()
      self.init(output: target == "-" ? picture : "")
      if target != "-", case .failure(let failure) = OutputFile.write(picture, to: target) {
        self.failure = RoutineCompilation.Failure(
          message: failure.sentence, exitCode: failure.exitCode)
      }
    case .screen:
      let renderer = PlanRenderer(
        schedule: schedule, now: context.now, started: start != nil, timeZone: context.timeZone,
        width: context.console.width, colour: context.console.colour)
      self = export(renderer.write)
    }
  }
}
