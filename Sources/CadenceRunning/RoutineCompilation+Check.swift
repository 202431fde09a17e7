import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText

extension RoutineCompilation {
  /// `cadence check`: compiles each routine `given` names (a file, or a name the library
  /// finds) with `overrides`, saying `ok` and its plan in a line or every problem; every one
  /// is checked. Gives the first failure's status (or success), and whether a routine refused
  /// a `--set`, which is a bad command line.
  public static func check(
    _ given: [String], overrides: [(name: String, value: String)], context: CommandContext
  ) -> (status: ExitCode, badCommandLine: Bool) {
    let library = RoutineLibrary(environment: context.environment)
    var firstFailure: ExitCode?
    var badCommandLine = false
    for path in given {
      switch library.resolve(path).mapError(\.failure).flatMap({
        compile($0, overrides: overrides, context: context)
      }) {
      case .success(let compiled):
        context.console.out(
          "ok  \(TerminalText.line(path)): \(ScheduleSummary.line(compiled.schedule))\n")
      case .failure(let failure):
        _ = failure.report(to: context.console)
        firstFailure = firstFailure ?? failure.exitCode
        badCommandLine = badCommandLine || failure.exitCode == .usage
      }
    }
    return (firstFailure ?? .success, badCommandLine)
  }
}
