import CadenceArguments
import CadenceStore

/// Opens the database a command names and runs `body` with it; a refusal or a database
/// problem becomes one line on standard error and its exit status.
enum StoreAccess {
  static func with(
    _ arguments: ParsedArguments, _ context: CommandContext, _ body: (Store) throws -> ExitCode
  ) -> ExitCode {
    do {
      let store = try Store(
        path: Store.defaultPath(flag: arguments.value("db"), environment: context.environment))
      return try body(store)
    } catch let refusal as PlanningInput.Refusal {
      return refusal.report(to: context.console)
    } catch let error as StoreError {
      context.console.problem(error.description)
      return StoreFailure.exitCode(error)
    } catch {
      context.console.problem("\(error)")
      return .software
    }
  }

  static let dbOption = OptionSpec(
    "db", value: "PATH", help: "Uses this database instead of the usual one.")
}
