import CadenceArguments
import CadenceRuntime
import CadenceSystem

/// The background process of a run: `cadence __background run ARGS...` or
/// `cadence __background resume ARGS...`, started by `BackgroundLauncher` and never typed.
enum BackgroundCommand {
  static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    ReadyHandshake.begin()
    // A routine the starter compiled comes on standard input (/dev/null otherwise).
    let handed = HandedRoutine.received()
    let specs = [RunCommand.spec, ResumeCommand.spec, TimerCommand.spec, FocusCommand.spec]
    guard let name = arguments.first, let spec = specs.first(where: { $0.name == name }) else {
      context.console.problem("Error: __background is used by Cadence itself, not typed.")
      return .usage
    }
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec)
    } catch {
      return error.report(to: context.console)
    }
    switch name {
    case "run": return RunCommand.start(parsed, context: context, background: true, handed: handed)
    case "timer": return TimerCommand.start(parsed, context: context, background: true)
    case "focus": return FocusCommand.start(parsed, context: context, background: true)
    default:
      return ResumeCommand.start(parsed, context: context, background: true, handed: handed)
    }
  }
}
