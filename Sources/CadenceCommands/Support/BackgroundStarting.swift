import CadenceArguments
import CadenceRuntime
import CadenceSystem

/// A command whose run can go on in a background process of its own (the full-screen view's,
/// or `--detach`): typed, it starts here; `cadence __background NAME ARGS...` starts it again
/// there, with `background` set and the routine the starter compiled (`handed`), if any.
protocol BackgroundStarting {
  /// The command line the command takes, typed or handed to the background process.
  static var spec: CommandSpec { get }

  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    handed: HandedRoutine?
  ) -> ExitCode
}

extension BackgroundStarting {
  /// The command as typed: started in this process.
  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    start(arguments, context: context, background: false, handed: nil)
  }
}
