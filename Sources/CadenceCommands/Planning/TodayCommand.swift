import CadenceArguments
import CadenceCore
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceTime
import FoundationEssentials

/// `cadence today`: the tasks that can be worked on today (or on `--date`), each with a ring
/// in its goal's colour, sorted by priority or by deadline (seed 003's "Today's Tasks").
enum TodayCommand {
  static let spec = CommandSpec(
    name: "today",
    abstract: "Lists the tasks to work on today, with a ring for each, by priority or deadline.",
    discussion:
      "By priority the ring is filled to the priority out of 10; by deadline, to the share of time left before it, and overdue tasks stand out. Without a terminal, or with NO_COLOR, the ring is text.",
    examples: [
      "cadence today", "cadence today --by deadline", "cadence today --date 2026-12-07 --json",
    ],
    options: [
      order.spec, date.spec, json.spec, .database,
    ],
    positionals: []
  )

  static let order = Option<TodayOrder>.choice(
    "by", value: "ORDER", help: "priority (the default) or deadline.")
  static let date = Option<String>(
    "date", value: "DATE", help: "Lists the tasks for this day, YYYY-MM-DD.")
  static let json = CommonOptions.json.described(
    "Prints a JSON array of the tasks with their rings.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    var day: Date?
    if let text = arguments[date] {
      do throws(RuleRefusal) {
        day = try PlanningRules.day(text, option: "--date", timeZone: context.timeZone)
      } catch {
        return CommandRefusal(error).report(to: context.console, usage: spec.usage)
      }
    }
    return StoreAccess.with(arguments, context, usage: spec.usage) { store in
      // A note a task's session still owes is asked first, once (seed 003).
      if !arguments[json] { NotePrompt.offer(store: store, context: context) }
      context.console.out(
        TodayListing.text(
          try store.planning.tasks(), goals: try store.planning.goals(),
          order: arguments[order] ?? .priority,
          now: TodayOrder.instant(day: day, now: context.now, timeZone: context.timeZone),
          timeZone: context.timeZone, colour: context.console.colour, json: arguments[json]))
      return .success
    }
  }
}
