import CadenceOutput
import CadenceStore
import CadenceSystem

extension RoutineCompilation {
  /// `cadence list`'s row for a routine the library found: compiled with its defaults, quietly
  /// (a routine's print goes nowhere here); one that does not compile says why.
  public static func listed(_ entry: RoutineLibrary.Entry, context: CommandContext)
    -> RoutineListing.Row
  {
    var quiet = context
    quiet.console = Console(
      writeOut: { _ in }, writeError: { _ in }, isTerminal: false, colour: false, width: 80)
    switch compile(entry, overrides: [], context: quiet) {
    case .success(let compiled):
      return RoutineListing.Row(
        entry: entry, length: compiled.schedule.total,
        tags: compiled.routine.tags, description: compiled.routine.summary)
    case .failure(let failure):
      return RoutineListing.Row(entry: entry, tags: [], problem: failure.message)
    }
  }
}
