import CadenceSystem

extension Store {
  /// Opens the database a command names (`database`: `--db`, or nil for the usual one) and
  /// runs `body` with it; a refusal (``CommandRefusal``, followed by `usage` for one of the
  /// command line) or a database problem becomes one line on standard error and its status.
  ///
  /// A database that does not exist is neither created nor its folder made: `body` sees an
  /// empty stand-in (``existing(path:)``), so a listing says there is nothing yet and an
  /// action on a named goal or task says there is no such one; what writes asks for
  /// ``writable()`` once nothing is left to refuse.
  public static func using(
    _ database: String?, _ context: CommandContext, usage: String,
    _ body: (Store) throws -> ExitCode
  ) -> ExitCode {
    do {
      return try body(existing(path: defaultPath(flag: database, environment: context.environment)))
    } catch let refusal as CommandRefusal {
      return refusal.report(to: context.console, usage: usage)
    } catch let error as StoreError {
      context.console.problem(error.description)
      return StoreFailure.exitCode(error)
    } catch {
      context.console.problem("\(error)")
      return .software
    }
  }
}
