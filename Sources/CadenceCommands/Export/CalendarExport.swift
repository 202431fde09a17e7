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
struct CalendarExport {
  let schedule: Schedule
  /// The instant routine time zero falls on.
  let start: Date
  /// When the file was made, for DTSTAMP.
  let stamp: Date

  /// The file's text, CR LF line ends and folded lines included.
  func render() -> String {
    let owners = ownerSegments()
    var alarmsByOwner = Array(repeating: [String](), count: owners.count)
    var owner = 0
    for alarm in PlanAlarm.alarms(for: schedule) where !owners.isEmpty {
      let instant = seconds(alarm.at)
      while owner + 1 < owners.count, seconds(owners[owner + 1].start) <= instant { owner += 1 }
      alarmsByOwner[owner] += alarmLines(alarm, at: instant, in: owners[owner])
    }

    var lines = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Cadence//Cadence \(CadenceCLI.version)//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:\(ICalendarText.text(schedule.name))",
    ]
    let stampText = Self.utc(Int64(stamp.timeIntervalSince1970.rounded(.down)))
    for (position, segment) in owners.enumerated() {
      lines += [
        "BEGIN:VEVENT",
        "UID:\(uid(segment))",
        "DTSTAMP:\(stampText)",
        "DTSTART:\(Self.utc(seconds(segment.start)))",
        "DTEND:\(Self.utc(seconds(segment.end)))",
        "SUMMARY:\(ICalendarText.text("\(schedule.name): \(PlanAlarm.title(segment))"))",
        "DESCRIPTION:\(ICalendarText.text(description(segment)))",
      ]
      lines += alarmsByOwner[position]
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.map(ICalendarText.fold).joined()
  }

  /// The segments that become events: the timed work, or every timed segment when there is no
  /// work at all.
  private func ownerSegments() -> [Segment] {
    let work = schedule.segments.filter { $0.kind == .work && $0.duration > 0 }
    return work.isEmpty ? schedule.segments.filter { $0.duration > 0 } : work
  }

  private func alarmLines(_ alarm: PlanAlarm, at instant: Int64, in owner: Segment) -> [String] {
    let ownerStart = seconds(owner.start)
    let ownerEnd = seconds(owner.end)
    let trigger =
      instant <= ownerEnd
      ? "TRIGGER:\(Self.duration(instant - ownerStart))"
      : "TRIGGER;RELATED=END:\(Self.duration(instant - ownerEnd))"
    return [
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "DESCRIPTION:\(ICalendarText.text(alarm.descriptions.joined(separator: " · ")))",
      trigger,
      "END:VALARM",
    ]
  }

  private func description(_ segment: Segment) -> String {
    var text = "\(segment.kind.rawValue.capitalized) for \(DurationText.clock(segment.duration))"
    if let round = segment.round, let rounds = segment.rounds, rounds > 1 {
      text += ", round \(round) of \(rounds)"
    }
    text += "."
    if let next = schedule.segments.first(where: { $0.index > segment.index }) {
      text += " Then: \(PlanAlarm.title(next))"
      text +=
        next.kind == .manual ? " (waits for you)." : " (\(DurationText.clock(next.duration)))."
    }
    return text
  }

  /// Stable across exports of the same plan at the same start, so a calendar that imports the
  /// file again updates its events instead of doubling them.
  private func uid(_ segment: Segment) -> String {
    let name = RoutineHash.hex(Array(schedule.name.utf8))
    return "\(Self.utc(seconds(0)))-\(segment.index)-\(name)@cadence"
  }

  /// The Unix time, in whole seconds, of a routine time.
  private func seconds(_ routineTime: Int64) -> Int64 {
    Int64(start.timeIntervalSince1970.rounded(.down)) + (routineTime + 500) / 1000
  }

  /// A UTC DATE-TIME value: `20261130T152000Z`.
  static func utc(_ seconds: Int64) -> String {
    TimeFormat.icalendar(LocalDateTime(localSeconds: seconds), utc: true)
  }

  /// A DURATION value: `PT0S`, `PT27M16S`, `PT1H0M5S`, `-PT10S`.
  static func duration(_ seconds: Int64) -> String {
    let sign = seconds < 0 ? "-" : ""
    let size = abs(seconds)
    let hours = size / 3600
    let minutes = size % 3600 / 60
    let rest = size % 60
    var text = "\(sign)PT"
    if hours > 0 { text += "\(hours)H" }
    if minutes > 0 || (hours > 0 && rest > 0) { text += "\(minutes)M" }
    if rest > 0 || (hours == 0 && minutes == 0) { text += "\(rest)S" }
    return text
  }
}
