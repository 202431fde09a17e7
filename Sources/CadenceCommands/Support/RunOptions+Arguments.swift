import CadenceArguments
import CadenceRunning
import CadenceSystem

/// How `run`, `timer`, `focus`, `resume` and `attach` read the run options: the command line's,
/// with the stored settings as defaults.
extension RunOptions {
  static func load(_ arguments: ParsedArguments, context: CommandContext) -> RunOptions {
    load(
      Given(
        json: arguments[RunArguments.json], plain: arguments[RunArguments.plain],
        style: arguments[RunArguments.style], volume: arguments[RunArguments.volume],
        muted: arguments[RunArguments.mute], sound: arguments[RunArguments.sound],
        noNotify: arguments[RunArguments.noNotify], task: arguments[RunArguments.task]),
      database: arguments[CommonOptions.database], context: context)
  }
}
