import CadenceArguments
import CadenceStore
import CadenceSystem

/// Runs a command's work with the database its `--db` names (``Store/using(_:_:usage:_:)``).
enum StoreAccess {
  static func with(
    _ arguments: ParsedArguments, _ context: CommandContext, usage: String,
    _ body: (Store) throws -> ExitCode
  ) -> ExitCode {
    Store.using(arguments[CommonOptions.database], context, usage: usage, body)
  }
}
