import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText
import CadenceTime
import FoundationEssentials

/// `cadence history`: every recorded session, as a table or for export.
enum HistoryCommand {
  static let spec = CommandSpec(
    name: "history",
    abstract:
      "Lists recorded sessions, as a table, JSON, CSV or a calendar; adds them to Timewarrior; imports another's JSON.",
    discussion:
      "cadence history import FILE merges sessions from another machine's history --json (- reads standard input): each session has a stable id, so importing twice adds nothing. --ics prints the sessions as an iCalendar file, an event each; --timew tracks in Timewarrior those it does not have yet.",
    examples: [
      "cadence history --since 7d", "cadence history --routine \"Gym circuit\" --csv > gym.csv",
      "cadence history --json > laptop.json", "cadence history import laptop.json",
      "cadence history --ics --since 30d > sessions.ics",
    ],
    options: [
      since.spec, routine.spec, task.spec, json.spec, csv.spec, HistoryExports.ics.spec,
      HistoryExports.timew.spec, .database,
    ],
    exclusive: [["json", "csv", "ics", "timew"]],
    subcommands: [
      CommandSpec(
        name: "import",
        abstract: "Merges the sessions in FILE, another's history --json (- for standard input).",
        examples: ["cadence history import laptop.json"], options: [.database],
        positionals: [PositionalSpec("FILE", help: "The file of sessions.")])
    ]
  )

  static let since = Option<String>(
    "since", value: "DATE",
    help: "Shows sessions from this date (2026-11-01, today, yesterday or 7d).")
  static let routine = Option<String>(
    "routine", value: "NAME", help: "Shows only sessions of this routine.",
    kind: .listed("routines"))
  static let task = Option<String>(
    "task", value: "NAME", help: "Shows only sessions on this task.", kind: .listed("tasks"))
  static let json = CommonOptions.json.described("Prints a JSON array of sessions.")
  static let csv = Flag("csv", help: "Prints comma-separated values with a header line.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    // The parser has checked the import's own options: the listing's are refused there.
    if arguments.subcommand == "import" {
      return HistoryImport.run(file: arguments.positionals[0], arguments, context: context)
    }
    var filter = SessionFilter(routine: arguments[Self.routine], task: arguments[Self.task])
    if let since = arguments[Self.since] {
      guard let date = DateArgument.parse(since, now: context.now, timeZone: context.timeZone)
      else {
        return UsageError(
          "--since \(QuotedText.quote(since)): write a date such as 2026-11-01, today, yesterday, or a number of days such as 7d",
          usage: spec.usage
        ).report(to: context.console)
      }
      filter.since = date
    }
    if arguments[HistoryExports.ics] {
      return HistoryExports.calendar(filter, arguments, context: context)
    }
    if arguments[HistoryExports.timew] {
      return HistoryExports.timewarrior(filter, arguments, context: context)
    }
    // Written as it is read: one session in memory at a time, whatever the history's length.
    let out = ChunkedText { context.console.out($0) }
    do throws(StoreError) {
      let table = try Store.existing(
        path: Store.defaultPath(
          flag: arguments[CommonOptions.database], environment: context.environment)
      ).sessionTable
      if arguments[Self.json] {
        try SessionJSON.writeArray(table, filter, to: out)
      } else if arguments[Self.csv] {
        try SessionCSV.write(table, filter, forTerminal: context.console.isTerminal, to: out)
      } else if try HistoryTable.write(table, filter, timeZone: context.timeZone, to: out) == 0 {
        out.write(
          "No sessions recorded yet\(filter == SessionFilter() ? "" : " that match").\n")
        out.flush()
      }
    } catch {
      // What was written stays unfinished, so nothing takes it for the whole history.
      out.flush()
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    return .success
  }
}
