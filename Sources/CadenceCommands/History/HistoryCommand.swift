import CadenceArguments
import CadenceCore
import CadenceDesktop
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText
import CadenceTime

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
      since.spec, routine.spec, task.spec, json.spec, csv.spec, ics.spec, timew.spec, .database,
    ],
    exclusive: [["json", "csv", "ics", "timew"]],
    subcommands: [
      CommandSpec(
        name: "import",
        abstract: "Merges the sessions in FILE, another's history --json (- for standard input).",
        examples: ["cadence history import laptop.json"], options: [.database],
        positionals: [file.spec])
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
  static let file = Positional<String>("FILE", help: "The file of sessions.")
  static let csv = Flag("csv", help: "Prints comma-separated values with a header line.")
  static let ics = Flag(
    "ics", help: "Prints the sessions as an iCalendar file: an event each, the note as its text.")
  static let timew = Flag(
    "timew", help: "Tracks in Timewarrior the sessions it does not have yet; says how many.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let path = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    // The parser has checked the import's own options: the listing's are refused there.
    if arguments.subcommand == "import" {
      switch SessionImport.merge(arguments[Self.file]!, into: path, now: context.now) {
      case .success(let (added, known)):
        context.console.out(
          "Imported \(added) session\(added == 1 ? "" : "s")"
            + (known > 0 ? "; \(known) already here" : "") + ".\n")
        return .success
      case .failure(let failure): return failure.report(to: context.console)
      }
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
    let open = { () throws(StoreError) in try Store.existing(path: path) }
    if arguments[Self.timew] {
      switch TimewarriorBackfill.sessions(filter, from: open, environment: context.environment) {
      case .success(let report):
        context.console.out(report.summary + "\n")
        guard report.refused == 0 else {
          context.console.problem(report.refusals)
          return .dataError
        }
        return .success
      case .failure(let failure): return failure.report(to: context.console)
      }
    }
    let format: HistoryExport.Format =
      arguments[Self.json]
      ? .json
      : arguments[Self.csv]
        ? .csv
        : arguments[Self.ics] ? .ics(stamp: context.now, version: CadenceCLI.version) : .table
    let out = ChunkedText { context.console.out($0) }
    do throws(StoreError) {
      if let problem = try HistoryExport.write(
        format, filter, from: open, timeZone: context.timeZone,
        forTerminal: context.console.isTerminal, to: out)
      {
        context.console.problem(problem)
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
