import CadenceArguments
import CadenceRuntime
import CadenceSystem

/// The background process of a run: `cadence __background run ARGS...` or
/// `cadence __background resume ARGS...`, started by `BackgroundLauncher` and never typed.
enum BackgroundCommand {
  /// The commands whose run can go on in a background process of its own.
  static var starters: [any BackgroundStarting.Type] {
    [
      RunCommand.self, ResumeCommand.self, TimerCommand.self, FocusCommand.self,
    ]
  }

  static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    ReadyHandshake.begin()
    // A routine the starter compiled comes on standard input (/dev/null otherwise).
    let handed = HandedRoutine.received()
    guard let name = arguments.first,
      let starter = starters.first(where: { $0.spec.name == name })
    else {
      context.console.problem("Error: __background is used by Cadence itself, not typed.")
      return .usage
    }
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: starter.spec)
    } catch {
      return error.report(to: context.console)
    }
    return starter.start(parsed, context: context, background: true, handed: handed)
  }
}
