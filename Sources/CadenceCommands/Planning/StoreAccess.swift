import CadenceArguments
import CadenceRuntime
import CadenceStore
import CadenceSystem

/// Opens the database a command names and runs `body` with it; a refusal or a database
/// problem becomes one line on standard error and its exit status.
enum StoreAccess {
  /// A database that does not exist is neither created nor its folder made: `body` sees an
  /// empty stand-in (``Store/existing(path:)``), so a listing says there is nothing yet and an
  /// action on a named goal or task says there is no such one; what writes asks for
  /// ``Store/writable()`` once nothing is left to refuse. A refusal of the command line
  /// (status 64) is followed by `usage`, the command's usage line.
  static func with(
    _ arguments: ParsedArguments, _ context: CommandContext, usage: String,
    _ body: (Store) throws -> ExitCode
  ) -> ExitCode {
    with(database: arguments[CommonOptions.database], context, usage: usage, body)
  }

  /// As ``with(_:_:usage:_:)``, for the database a typed command has read (`--db`, or nil for
  /// the usual one).
  static func with(
    database: String?, _ context: CommandContext, usage: String,
    _ body: (Store) throws -> ExitCode
  ) -> ExitCode {
    do {
      let path = Store.defaultPath(flag: database, environment: context.environment)
      let store = try Store.existing(path: path)
      return try body(store)
    } catch let refusal as CommandRefusal {
      return refusal.report(to: context.console, usage: usage)
    } catch let refused as RunningFocus.Refused {
      return CommandRefusal(sentence: refused.sentence, status: .unavailable).report(
        to: context.console, usage: usage)
    } catch let error as StoreError {
      context.console.problem(error.description)
      return StoreFailure.exitCode(error)
    } catch {
      context.console.problem("\(error)")
      return .software
    }
  }
}
