import CadenceArguments
import CadenceCore
import CadenceStore
import CadenceText
import Foundation

/// `cadence stats`: totals, the coin balance, a bar a day, streaks, and totals by routine,
/// task, goal and tag.
enum StatsCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract:
      "Shows totals, coins, a bar for each recent day, streaks, and time by routine, task, goal and tag.",
    examples: ["cadence stats", "cadence stats --days 30"],
    options: [
      OptionSpec("days", value: "N", help: "Shows the last N days (default 14)."),
      OptionSpec("db", value: "PATH", help: "Reads this database instead of the usual one."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    var days = 14
    if let text = arguments.value("days") {
      guard let value = Int(text), (1...3660).contains(value) else {
        return UsageError(
          "--days takes a whole number from 1 to 3660, not \(QuotedText.quote(text))",
          usage: spec.usage
        ).report(to: context.console)
      }
      days = value
    }
    let sessions: [SessionRecord]
    let balance: Int64
    do {
      let store = try Store(
        path: Store.defaultPath(flag: arguments.value("db"), environment: context.environment))
      sessions = try store.sessions()
      balance = try store.coins.balance()
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    context.console.out(
      Statistics(sessions: sessions, now: context.now, timeZone: context.timeZone)
        .render(days: days, width: context.console.width, balance: balance))
    return .success
  }
}
