import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
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

  static let order = Option<Order>.choice(
    "by", value: "ORDER", help: "priority (the default) or deadline.")
  static let date = Option<String>(
    "date", value: "DATE", help: "Lists the tasks for this day, YYYY-MM-DD.")
  static let json = CommonOptions.json.described(
    "Prints a JSON array of the tasks with their rings.")

  typealias Order = TodayOrder

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let order = arguments[Self.order] ?? .priority
    var day: Date?
    if let text = arguments[Self.date] {
      day = PlanningInput.day(text, timeZone: context.timeZone)
      if day == nil {
        return PlanningInput.Refusal(
          sentence:
            "--date takes a date written YYYY-MM-DD, such as 2026-12-07, not \(QuotedText.quote(text))"
        ).report(to: context.console, usage: spec.usage)
      }
    }
    let now = TodayOrder.instant(day: day, now: context.now, timeZone: context.timeZone)
    let shown = context.timeZone.local(now)
    return StoreAccess.with(arguments, context, usage: spec.usage) { store in
      // A note a task's session still owes is asked first, once (seed 003).
      if !arguments[Self.json] { NotePrompt.offer(store: store, context: context) }
      let goals = Dictionary(try store.planning.goals().map { ($0.id!, $0) }) { $1 }
      let tasks = order.tasks(try store.planning.tasks(), on: TodayOrder.weekday(of: shown))
      let sorted = tasks.map { task in
        (
          task: task,
          ring: order == .priority
            ? TaskRing.priority(task, now: now, timeZone: context.timeZone)
            : TaskRing.deadline(task, now: now, timeZone: context.timeZone)
        )
      }
      if arguments[Self.json] {
        let items = sorted.map { entry in
          TaskText.json(
            entry.task, goal: entry.task.goalID.flatMap { goals[$0] }, fill: entry.ring.fill,
            overdue: entry.ring.overdue, ring: entry.ring.label)
        }
        context.console.out(JSONValue.array(items).rendered + "\n")
        return .success
      }
      let date =
        "\(TimeFormat.weekdayName(shown.weekday)) \(shown.day) \(TimeFormat.monthName(shown.month))"
      let count = sorted.count
      context.console.out(
        "\(date): \(count) task\(count == 1 ? "" : "s"), by \(order.rawValue)\n"
      )
      if sorted.isEmpty {
        context.console.out("Nothing for this day; add one with cadence task add NAME.\n")
      }
      for entry in sorted {
        let goal = entry.task.goalID.flatMap { goals[$0] }
        let colour =
          context.console.colour
          ? goal.flatMap { TerminalColour($0.colour) } ?? TerminalColour("white") : nil
        let name = TerminalText.line((entry.task.icon.map { "\($0) " } ?? "") + entry.task.name)
        var details: [String] = []
        if let goal { details.append(TerminalText.line(goal.name)) }
        if let length = entry.task.lengthMilliseconds {
          details.append(DurationText.format(length))
        }
        if order == .priority, let deadline = entry.task.deadline {
          details.append(entry.ring.overdue ? "was due \(deadline)" : "by \(deadline)")
        }
        if order == .deadline { details.append("priority \(entry.task.priority)") }
        context.console.out(
          "  \(entry.ring.render(colour: colour))  \(name)"
            + (details.isEmpty ? "" : "  (\(details.joined(separator: ", ")))") + "\n")
      }
      return .success
    }
  }
}
