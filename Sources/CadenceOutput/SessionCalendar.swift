import CadenceCore
import CadenceStore
import FoundationEssentials

/// Finished sessions as an iCalendar file (`cadence history --ics`): an event a session, added
/// as the history is read, so that the file is written out as it is made.
///
/// Each event's UID is the session's own id (`ID@cadence`), the same in every export and on
/// every machine the session was imported into, so a calendar that imports the file again
/// updates its events instead of doubling them. Its start and end are UTC, cut to the whole
/// second (a session under a second long has a start only); its summary is the routine (with
/// the task when the name does not say it), its description the note, then what happened, and
/// its categories the session's tags.
public struct SessionCalendar {
  let calendar: ICalendarWriter
  /// DTSTAMP: when the file was made.
  let stamp: String
  public private(set) var written = 0
  /// Sessions dated outside the years a DATE-TIME holds, left out.
  public private(set) var leftOut = 0

  /// Begins the calendar in `out`, made at `stamp` by Cadence `version`.
  public init(_ out: ChunkedText, stamp: Date, version: String) {
    calendar = ICalendarWriter(out)
    self.stamp = ICalendarWriter.utc(Int64(stamp.timeIntervalSince1970.rounded(.down)))
    calendar.begin(name: "Cadence sessions", version: version)
  }

  /// Writes `session` as an event.
  public mutating func add(_ session: SessionRecord) {
    let start = Int64(session.startedAt.timeIntervalSince1970.rounded(.down))
    let end = Int64(session.endedAt.timeIntervalSince1970.rounded(.down))
    guard ICalendarWriter.holds(start), ICalendarWriter.holds(end) else {
      leftOut += 1
      return
    }
    calendar.line("BEGIN:VEVENT")
    calendar.text("UID", "\(session.uuid)@cadence")
    calendar.line("DTSTAMP:\(stamp)")
    calendar.utc("DTSTART", start)
    if end > start { calendar.utc("DTEND", end) }
    calendar.text("SUMMARY", Self.summary(session))
    calendar.text("DESCRIPTION", Self.description(session))
    calendar.list("CATEGORIES", session.tags.filter { !$0.isEmpty })
    calendar.line("TRANSP:TRANSPARENT")
    calendar.line("END:VEVENT")
    written += 1
  }

  /// Ends the calendar and hands on what is left of it.
  public func finish() { calendar.end() }

  /// `Gym circuit`, `Focus: Essay`, `Break (Essay)`: the routine and the task it was for.
  static func summary(_ session: SessionRecord) -> String {
    let name =
      session.routine.flatMap { $0.isEmpty ? nil : $0 } ?? session.kind.rawValue.capitalized
    guard let task = session.task, !task.isEmpty, !name.contains(task) else { return name }
    return "\(name) (\(task))"
  }

  /// The note, then a line of what happened: `Focus, completed: 25:00 active of 25:00
  /// planned, 1 pause, 25 coins. Task: Essay. Goal: Exams.`
  static func description(_ session: SessionRecord) -> String {
    var facts = "\(session.kind.rawValue.capitalized), \(session.outcome.rawValue)"
    facts +=
      ": \(DurationText.clock(session.activeMilliseconds)) active of \(DurationText.clock(session.plannedMilliseconds)) planned"
    if session.pauses > 0 { facts += ", \(session.pauses) pause\(session.pauses == 1 ? "" : "s")" }
    if session.segmentsSkipped > 0 { facts += ", \(session.segmentsSkipped) skipped" }
    if session.coins > 0 { facts += ", \(session.coins) coin\(session.coins == 1 ? "" : "s")" }
    facts += "."
    if session.resumed { facts += " Resumed after an interruption." }
    if let task = session.task, !task.isEmpty { facts += " Task: \(task)." }
    if let goal = session.goal, !goal.isEmpty { facts += " Goal: \(goal)." }
    guard let note = session.note, !note.isEmpty else { return facts }
    return note + "\n\n" + facts
  }
}
