import CadenceArguments
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence stats`: totals, the coin balance, a bar a day, streaks, and totals by routine,
/// task, goal and tag.
enum StatsCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract:
      "Shows totals, coins, a bar for each recent day, streaks, and time by routine, task, goal and tag.",
    examples: ["cadence stats", "cadence stats --days 30"],
    options: [
      Self.days.spec, .database,
    ]
  )

  static let days = Option.integer(
    "days", in: 1...3660, help: "Shows the last N days (default 14).")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let days = arguments[Self.days] ?? 14
    let report: StatsReport
    do {
      let store = try Store.existing(
        path: Store.defaultPath(
          flag: arguments[CommonOptions.database], environment: context.environment))
      report = try StatsReport.read(
        store, days: days, now: context.now, timeZone: context.timeZone)
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    context.console.out(report.render(width: context.console.width))
    return .success
  }
}
