import CadenceStore
import CadenceSystem

extension RoutineCompilation {
  /// Compiles the routine a command was given (a file, or a name the library finds) with the
  /// command line's `--set` values (`sets`, each `name=value`); a `--set` the routine refuses
  /// is a bad command line, reported with `usage`, the command's usage line.
  public static func load(
    _ given: String, sets: [String], usage: String, context: CommandContext
  ) throws(Failure) -> (compiled: RoutineCompilation, overrides: [(name: String, value: String)]) {
    do throws(Failure) {
      let overrides = try overrides(sets).get()
      let entry = try RoutineLibrary(environment: context.environment).resolve(given)
        .mapError(\.failure).get()
      return (try compile(entry, overrides: overrides, context: context).get(), overrides)
    } catch {
      var failure = error
      failure.usage = usage
      throw failure
    }
  }

  /// The routine ``load(_:sets:usage:context:)`` compiles, or its failure, for a command that
  /// has no use for the overrides.
  public static func loaded(
    _ given: String, sets: [String], usage: String, context: CommandContext
  ) -> Result<RoutineCompilation, Failure> {
    do throws(Failure) {
      return .success(try load(given, sets: sets, usage: usage, context: context).compiled)
    } catch {
      return .failure(error)
    }
  }
}
