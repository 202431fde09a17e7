import CadenceArguments
import CadenceStore
import CadenceSystem

/// What a subcommand of a command whose things are in the database reads alike (`goal`,
/// `shop`): `--json`, the database (`--db`), and its usage line for a refusal once the
/// database is open.
struct StoreSubcommand {
  var json: Bool
  var database: String?
  var usage: String

  init(_ arguments: ParsedArguments, of spec: CommandSpec, json: Flag) {
    usage = spec.qualified(arguments.subcommand).usage
    self.json = arguments[json]
    database = arguments[CommonOptions.database]
  }

  /// Runs `body` with the database (``Store/using(_:_:usage:_:)``).
  func withStore(_ context: CommandContext, _ body: (Store) throws -> ExitCode) -> ExitCode {
    Store.using(database, context, usage: usage, body)
  }
}
