import CadenceArguments
import CadenceRunning
import CadenceSystem

extension RoutineCompilation {
  /// The routine ``load(_:arguments:usage:context:)`` compiles, or its failure, for a command
  /// that has no use for the overrides.
  static func loaded(
    _ given: String, arguments: ParsedArguments, usage: String, context: CommandContext
  ) -> Result<RoutineCompilation, Failure> {
    do throws(Failure) {
      return .success(
        try load(given, arguments: arguments, usage: usage, context: context).compiled)
    } catch {
      return .failure(error)
    }
  }
}
