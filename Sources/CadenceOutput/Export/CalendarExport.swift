import CadenceCore
import CadenceRuntime
import CadenceText
import CadenceTime
import FoundationEssentials

/// A plan as an iCalendar file (RFC 5545): an event per work segment, and an alarm at every
/// segment boundary, milestone and reminder, so a phone calendar rings at the intervals.
///
/// Times are UTC and whole seconds (the format has no finer unit): each instant is the start
/// plus its routine time, rounded to the nearest second. An alarm belongs to the last event
/// that starts at or before it (the first event for anything earlier) and is written relative
/// to that event's start, or to its end when it falls after the end, as in a pause.
public struct CalendarExport {
  let schedule: Schedule
  /// The instant routine time zero falls on.
  let start: Date
  /// When the file was made, for DTSTAMP.
  let stamp: Date
  /// The version of Cadence that makes the file, for PRODID.
  let version: String

  public init(schedule: Schedule, start: Date, stamp: Date, version: String) {
    self.schedule = schedule
    self.start = start
    self.stamp = stamp
    self.version = version
  }

  /// The file's text, CR LF line ends and folded lines included.
  public func render() -> String { ChunkedText.collect(write) }

  /// Writes the file to `out` as it is made: each event with its alarms, in one pass over the
  /// segments and the alarms together, so the work and the memory grow with the plan, no
  /// faster.
  public func write(to out: ChunkedText) {
    let calendar = ICalendarWriter(out)
    func line(_ text: String) { calendar.line(text) }
    calendar.begin(name: schedule.name, version: version)
    let segments = schedule.segments
    let owners = ownerPositions()
    let stampText = ICalendarWriter.utc(Int64(stamp.timeIntervalSince1970.rounded(.down)))
    // A UID is stable across exports of the same plan at the same start, so a calendar that
    // imports the file again updates its events instead of doubling them.
    let uidSuffix = "-\(RoutineHash.hex(Array(schedule.name.utf8)))@cadence"
    let uidPrefix = ICalendarWriter.utc(seconds(0))
    var alarms = PlanAlarm.Alarms(schedule)
    var alarm = alarms.next()
    for (offset, position) in owners.enumerated() {
      let segment = segments[position]
      line("BEGIN:VEVENT")
      line("UID:\(uidPrefix)-\(segment.index)\(uidSuffix)")
      line("DTSTAMP:\(stampText)")
      line("DTSTART:\(ICalendarWriter.utc(seconds(segment.start)))")
      line("DTEND:\(ICalendarWriter.utc(seconds(segment.end)))")
      calendar.text("SUMMARY", "\(schedule.name): \(PlanAlarm.title(segment))")
      let next = position + 1 < segments.count ? segments[position + 1] : nil
      calendar.text("DESCRIPTION", description(segment, next: next))
      // An alarm belongs to the last event that starts at or before it: this one takes every
      // alarm before the next event's start (the first takes those before its own too).
      let limit = offset + 1 < owners.count ? seconds(segments[owners[offset + 1]].start) : nil
      while let current = alarm, limit.map({ seconds(current.at) < $0 }) ?? true {
        for text in alarmLines(current, at: seconds(current.at), in: segment) { line(text) }
        alarm = alarms.next()
      }
      line("END:VEVENT")
    }
    calendar.end()
  }

  /// The positions of the segments that become events: the timed work, or every timed
  /// segment when there is no work at all.
  private func ownerPositions() -> [Int] {
    let segments = schedule.segments
    let work = segments.indices.filter { segments[$0].kind == .work && segments[$0].duration > 0 }
    return work.isEmpty ? segments.indices.filter { segments[$0].duration > 0 } : work
  }

  /// The first and last instants the file writes fall in years 0000 to 9999, all the
  /// format's DATE-TIME can hold; otherwise the sentence that refuses the export.
  public func refusal() -> String? {
    let first = seconds(0)
    let last = seconds(schedule.total)
    guard !ICalendarWriter.holds(first) || !ICalendarWriter.holds(last) else { return nil }
    let year = LocalDateTime(localSeconds: ICalendarWriter.holds(first) ? last : first).year
    return
      "the plan would \(ICalendarWriter.holds(first) ? "end" : "start") in the year \(year), but an iCalendar file holds only the years 0000 to 9999; give --start a time that keeps the whole plan within them"
  }

  private func alarmLines(_ alarm: PlanAlarm, at instant: Int64, in owner: Segment) -> [String] {
    let ownerStart = seconds(owner.start)
    let ownerEnd = seconds(owner.end)
    let trigger =
      instant <= ownerEnd
      ? "TRIGGER:\(ICalendarWriter.duration(instant - ownerStart))"
      : "TRIGGER;RELATED=END:\(ICalendarWriter.duration(instant - ownerEnd))"
    return [
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "DESCRIPTION:\(ICalendarText.text(alarm.descriptions.joined(separator: " · ")))",
      trigger,
      "END:VALARM",
    ]
  }

  private func description(_ segment: Segment, next: Segment?) -> String {
    var text = "\(segment.kind.rawValue.capitalized) for \(DurationText.clock(segment.duration))"
    if let round = segment.round, let rounds = segment.rounds, rounds > 1 {
      text += ", round \(round) of \(rounds)"
    }
    text += "."
    if let next {
      text += " Then: \(PlanAlarm.title(next))"
      text +=
        next.kind == .manual ? " (waits for you)." : " (\(DurationText.clock(next.duration)))."
    }
    return text
  }

  /// The Unix time, in whole seconds, of a routine time.
  private func seconds(_ routineTime: Int64) -> Int64 {
    Int64(start.timeIntervalSince1970.rounded(.down)) + (routineTime + 500) / 1000
  }
}
