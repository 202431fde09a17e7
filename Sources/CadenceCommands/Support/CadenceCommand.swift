import CadenceArguments
import CadenceSystem

/// A command as a typed value: `init(arguments:)` reads the checked command line into fields,
/// `run(context:)` does the work. See `ParsableCommand`.
protocol CadenceCommand: ParsableCommand {
  func run(context: CommandContext) -> ExitCode
}

extension CadenceCLI.Command {
  /// The entry for a typed command: parse, read into the type, run.
  init<C: CadenceCommand>(_ name: String, _ type: C.Type) {
    self.init(name, spec: C.spec) { arguments, context in
      do throws(UsageError) {
        return try C(arguments: arguments).run(context: context)
      } catch {
        return error.report(to: context.console)
      }
    }
  }
}
