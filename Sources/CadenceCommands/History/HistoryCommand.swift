import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
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
    let sessions: [SessionRecord]
    do {
      let store = try Store.existing(
        path: Store.defaultPath(
          flag: arguments[CommonOptions.database], environment: context.environment))
      sessions = try store.sessions(filter)
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    if arguments[Self.json] {
      context.console.out(JSONValue.array(sessions.map(json)).rendered + "\n")
    } else if arguments[Self.csv] {
      context.console.out(csv(sessions, forTerminal: context.console.isTerminal))
    } else if sessions.isEmpty {
      context.console.out(
        "No sessions recorded yet\(filter == SessionFilter() ? "" : " that match").\n")
    } else {
      context.console.out(table(sessions, timeZone: context.timeZone))
    }
    return .success
  }

  static let columns = [
    "id", "kind", "routine", "task", "tags", "started_at", "ended_at", "planned_ms", "active_ms",
    "outcome", "segments_done", "segments_skipped", "pauses", "note", "coins", "resumed", "goal",
  ]

  static func fields(_ session: SessionRecord) -> [JSONValue] {
    [
      .string(session.uuid), .string(session.kind.rawValue),
      session.routine.map { .string($0) } ?? .null,
      session.task.map { .string($0) } ?? .null, .string(session.tags.joined(separator: ",")),
      .string(Timestamp.string(session.startedAt)), .string(Timestamp.string(session.endedAt)),
      .int(session.plannedMilliseconds), .int(session.activeMilliseconds),
      .string(session.outcome.rawValue), .int(Int64(session.segmentsDone)),
      .int(Int64(session.segmentsSkipped)), .int(Int64(session.pauses)),
      session.note.map { .string($0) } ?? .null, .int(Int64(session.coins)), .bool(session.resumed),
      session.goal.map { .string($0) } ?? .null,
    ]
  }

  static func json(_ session: SessionRecord) -> JSONValue {
    .object(Array(zip(columns, fields(session))))
  }

  /// The sessions as CSV, every text exactly as recorded; on a terminal, whose reader sees
  /// rather than imports it, each text is first escaped as ``TerminalText`` does, so a record
  /// stays on one line and drives nothing.
  static func csv(_ sessions: [SessionRecord], forTerminal: Bool = false) -> String {
    var text = CSVText.record(columns)
    for session in sessions {
      text += CSVText.record(
        fields(session).map { value -> String in
          switch value {
          case .null: return ""
          case .string(let string):
            return CSVText.field(forTerminal ? TerminalText.line(string) : string)
          case .bool(let flag): return flag ? "true" : "false"
          default: return value.rendered
          }
        })
    }
    return text
  }

  static func table(_ sessions: [SessionRecord], timeZone: Zone) -> String {
    var rows = [
      ["started", "kind", "routine", "task", "planned", "active", "outcome", "steps", "note"]
    ]
    for session in sessions {
      rows.append([
        localTime(session.startedAt, timeZone: timeZone), session.kind.rawValue,
        shortened(session.routine ?? ""), shortened(session.task ?? ""),
        DurationText.clock(session.plannedMilliseconds),
        DurationText.clock(session.activeMilliseconds),
        session.outcome.rawValue + (session.resumed ? " (resumed)" : ""),
        "\(session.segmentsDone)"
          + (session.segmentsSkipped > 0 ? " +\(session.segmentsSkipped) skipped" : ""),
        shortened(session.note ?? ""),
      ])
    }
    let total = sessions.saturatingSum(\.activeMilliseconds)
    return PlanRenderer.table(rows, rightAligned: [4, 5]).joined(separator: "\n")
      + "\n\n  \(sessions.count) session\(sessions.count == 1 ? "" : "s"), \(DurationText.format(total / 1000 * 1000)) active\n"
  }

  /// Text for the table, cut to what Cadence records (a note's 500 characters) with `…`: a
  /// row written into the database by hand may hold far more, which the table would take
  /// seconds to measure and lay out. `--json` and `--csv` keep every character.
  static func shortened(_ text: String) -> String {
    let limit = SessionLimits.note
    guard text.utf8.count > limit else { return text }
    let kept = text.prefix(limit)
    return kept.endIndex == text.endIndex ? text : kept + "…"
  }

  /// `2026-11-30 09:05` on the zone's clocks.
  static func localTime(_ date: Date, timeZone: Zone) -> String {
    let local = timeZone.local(date)
    return TimeFormat.date(local) + " " + TimeFormat.clock(local, seconds: false)
  }
}
