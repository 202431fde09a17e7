import CadenceCore
import CadenceText
import CadenceTime
import FoundationEssentials

/// The human form of a schedule: a heading, the segment table, the events and a timeline.
public struct PlanRenderer {
  let schedule: Schedule
  /// When the routine starts: now, or the start the command line gave.
  let now: Date
  /// Whether `now` is a start the command line gave rather than the present.
  public var started = false
  let timeZone: Zone
  let width: Int
  let colour: Bool

  public init(
    schedule: Schedule, now: Date, started: Bool = false, timeZone: Zone, width: Int,
    colour: Bool
  ) {
    self.schedule = schedule
    self.now = now
    self.started = started
    self.timeZone = timeZone
    self.width = width
    self.colour = colour
  }

  public func render() -> String { ChunkedText.collect(write) }

  /// Writes the plan to `out` as it is made, a row at a time.
  public func write(to out: ChunkedText) {
    func line(_ text: String) { out.write(text + "\n") }
    heading().forEach(line)
    line("")
    let segments = schedule.segments
    Self.table(
      rows: segments.count + 1,
      { $0 == 0 ? ["#", "start", "length", "kind", "name", "round"] : cells(segments[$0 - 1]) },
      rightAligned: [0], into: line)
    if !schedule.events.isEmpty {
      line("")
      let events = schedule.events
      Self.table(
        rows: events.count + 1,
        { row in
          guard row > 0 else { return ["at", "event", "label"] }
          let event = events[row - 1]
          return [DurationText.clock(event.at, precise: true), event.kind.rawValue, event.label]
        }, rightAligned: [], into: line)
    }
    line("")
    for text in TimelineRenderer(schedule: schedule, width: max(20, width - 4), colour: colour)
      .render()
    {
      line("  " + text)
    }
    out.flush()
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

  private func cells(_ segment: Segment) -> [String] {
    [
      String(segment.index),
      DurationText.clock(segment.start, precise: true),
      segment.kind == .manual
        ? (segment.overtime ? "waits (+overtime)" : "waits")
        : DurationText.format(segment.duration),
      segment.kind.rawValue,
      segment.name,
      segment.round.map { round in "\(round)/\(segment.rounds ?? round)" } ?? "",
    ]
  }

  /// `17:30:00` on the zone's clocks, to the nearest second.
  private func clockTime(_ date: Date) -> String {
    TimeFormat.clock(
      timeZone.local(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded())))
  }

  /// Columns padded to their widest cell, two spaces apart, indented by two (or `indent`).
  /// Every cell is escaped for the terminal, since cells hold routine names, labels and
  /// notes, and measured in the terminal's columns (``PlainText/width(_:)``), so that a wide
  /// character or an escape keeps the columns after it in line.
  public static func table(_ rawRows: [[String]], indent: String = "  ", rightAligned: Set<Int>)
    -> [String]
  {
    var lines: [String] = []
    table(rows: rawRows.count, { rawRows[$0] }, indent: indent, rightAligned: rightAligned) {
      lines.append($0)
    }
    return lines
  }

  /// The same table, its rows made by `row` (the first is the heading) and handed to `line`
  /// one by one: the rows are made twice, once for the widths and once to be written, so
  /// that none is kept.
  public static func table(
    rows count: Int, _ row: (Int) -> [String], indent: String = "  ", rightAligned: Set<Int>,
    into line: (String) -> Void
  ) {
    guard count > 0 else { return }
    var widths: [Int] = []
    for index in 0..<count {
      for (column, cell) in row(index).enumerated() {
        if column >= widths.count { widths.append(0) }
        widths[column] = max(widths[column], PlainText.width(TerminalText.line(cell)))
      }
    }
    for index in 0..<count {
      let cells = row(index).map(TerminalText.line).enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - PlainText.width(cell))
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }
      line(indent + cells.joined(separator: "  ").trimmingTrailingSpaces())
    }
  }
}
