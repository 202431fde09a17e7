import CadenceArguments
import CadenceRunning
import CadenceStore
import CadenceSystem

extension RoutineCompilation {
  /// Compiles the routine a command was given (a file, or a name the library finds) with the
  /// command line's `--set` overrides; a `--set` the routine refuses is a bad command line,
  /// reported with `usage`, the command's usage line.
  static func load(
    _ given: String, arguments: ParsedArguments, usage: String, context: CommandContext
  ) throws(Failure) -> (compiled: RoutineCompilation, overrides: [(name: String, value: String)]) {
    do throws(Failure) {
      let overrides = try overrides(arguments.all(CommonOptions.setParameter)).get()
      let entry = try RoutineLibrary(environment: context.environment).resolve(given)
        .mapError(\.failure).get()
      return (try compile(entry, overrides: overrides, context: context).get(), overrides)
    } catch {
      var failure = error
      failure.usage = usage
      throw failure
    }
  }
}
