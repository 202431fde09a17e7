import CadenceCore
import CadenceText
import CadenceTime
import FoundationEssentials

/// The human form of a schedule: a heading, the segment table, the events and a timeline.
struct PlanRenderer {
  let schedule: Schedule
  /// When the routine starts: now, or the start the command line gave.
  let now: Date
  /// Whether `now` is a start the command line gave rather than the present.
  var started = false
  let timeZone: Zone
  let width: Int
  let colour: Bool

  func render() -> String {
    var lines = heading()
    lines.append("")
    lines += segmentTable()
    if !schedule.events.isEmpty {
      lines.append("")
      lines += eventTable()
    }
    lines.append("")
    lines += TimelineRenderer(schedule: schedule, width: max(20, width - 4), colour: colour)
      .render().map { "  " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }

  private func heading() -> [String] {
    let count = schedule.segments.count
    let manual = schedule.segments.contains { $0.kind == .manual }
    var finish = "finishes at \(clockTime(now.addingTimeInterval(Double(schedule.total) / 1000)))"
    let when = started ? "at \(clockTime(now))" : "now"
    finish += manual ? " at the earliest (manual steps wait for you)" : " if started \(when)"
    var lines = [
      "\(TerminalText.line(schedule.name)): \(count) segment\(count == 1 ? "" : "s"), \(DurationText.format(schedule.total)) in all, \(finish)"
    ]
    if !schedule.parameters.isEmpty {
      let shown = schedule.parameters.map { parameter in
        "\(TerminalText.line(parameter.name)) = \(TerminalText.line(parameter.value.description))\(parameter.isOverridden ? " (set)" : "")"
      }
      lines.append("Parameters: " + shown.joined(separator: ", "))
    }
    return lines
  }

  private func segmentTable() -> [String] {
    var rows = [["#", "start", "length", "kind", "name", "round"]]
    for segment in schedule.segments {
      rows.append([
        String(segment.index),
        DurationText.clock(segment.start, precise: true),
        segment.kind == .manual
          ? (segment.overtime ? "waits (+overtime)" : "waits")
          : DurationText.format(segment.duration),
        segment.kind.rawValue,
        segment.name,
        segment.round.map { round in "\(round)/\(segment.rounds ?? round)" } ?? "",
      ])
    }
    return Self.table(rows, rightAligned: [0])
  }

  private func eventTable() -> [String] {
    var rows = [["at", "event", "label"]]
    for event in schedule.events {
      rows.append([DurationText.clock(event.at, precise: true), event.kind.rawValue, event.label])
    }
    return Self.table(rows, rightAligned: [])
  }

  /// `17:30:00` on the zone's clocks, to the nearest second.
  private func clockTime(_ date: Date) -> String {
    TimeFormat.clock(
      timeZone.local(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded())))
  }

  /// Columns padded to their widest cell, two spaces apart, indented by two. Every cell is
  /// escaped for the terminal, since cells hold routine names, labels and notes.
  static func table(_ rawRows: [[String]], rightAligned: Set<Int>) -> [String] {
    let rows = rawRows.map { $0.map(TerminalText.line) }
    guard let columns = rows.first?.count else { return [] }
    var widths = Array(repeating: 0, count: columns)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    return rows.map { row in
      let cells = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }
      return "  " + cells.joined(separator: "  ").trimmingTrailingSpaces()
    }
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
