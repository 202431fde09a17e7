import CadenceCore
import CadenceText
import CadenceTime
import FoundationEssentials

/// A plan as an SVG picture (seed 000's graphics): a white page under a black header, work and
/// pauses as bars each with its name (shortened to fit, the whole name in a tooltip), the
/// milestones as red marks with their labels, and a time axis beneath; a legend at the foot.
/// A frame routine's picture has seed 000's points as well: the start X, the intervals X1, X2,
/// … above the bar, and the finish Y; they mean nothing for a routine of named steps.
///
/// Labels that would overlap one already drawn are left out, so a routine of many short
/// segments still reads at a glance. All text from the routine is escaped for XML.
public struct TimelineSVG {
  let schedule: Schedule
  /// When routine time zero falls, if the plan has a start: the axis then shows clock times.
  let start: Date?
  let timeZone: Zone
  /// Whether the routine is in frame mode (seed 000's X … Y), which draws the points.
  public var frame = false

  public init(schedule: Schedule, start: Date?, timeZone: Zone) {
    self.schedule = schedule
    self.start = start
    self.timeZone = timeZone
  }

  static let width = 1000.0
  static let height = 380.0
  static let left = 40.0
  static let right = 960.0
  static let barTop = 186.0
  static let barHeight = 56.0
  static let font = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
  static let ink = "#111111"
  static let pauseFill = "#d4d4d4"
  static let accent = "#d62828"
  static let reminderFill = "#2b7bd8"

  public func render() -> String {
    var body: [String] = []
    body += header()
    let (shapes, labels) = bars()
    body += shapes
    body += intervalPoints()
    body += milestones()
    body += labels
    body += reminders()
    body += axis()
    body += legend()
    let title = XMLText.text(schedule.name)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" font-family="\(Self.font)">
      <title>\(title)</title>
      <rect x="0" y="0" width="\(Int(Self.width))" height="\(Int(Self.height))" fill="#ffffff"/>
      \(body.joined(separator: "\n"))
      </svg>

      """
  }

  /// The horizontal position of a routine time.
  private func x(_ time: Int64) -> Double {
    Self.left + Double(time) * (Self.right - Self.left) / Double(max(schedule.total, 1))
  }

  private func header() -> [String] {
    let work = schedule.segments.count { $0.kind == .work }
    let pauses = schedule.segments.count { $0.kind == .pause }
    var summary = ["\(work) work interval\(work == 1 ? "" : "s")"]
    if pauses > 0 { summary.append("\(pauses) pause\(pauses == 1 ? "" : "s")") }
    summary.append("\(DurationText.clock(schedule.total)) in all")
    if let start {
      let axis = TimelineAxis(total: schedule.total, start: start, timeZone: timeZone)
      summary.append(
        "\(axis.label(0, step: 60_000)) to \(axis.label(schedule.total, step: 60_000))")
    }
    if schedule.segments.contains(where: { $0.kind == .manual }) {
      summary.append("manual steps wait for you")
    }
    return [
      "<rect x=\"0\" y=\"0\" width=\"\(Int(Self.width))\" height=\"64\" fill=\"#000000\"/>",
      "<circle cx=\"40\" cy=\"32\" r=\"11\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"3\"/>",
      "<line x1=\"40\" y1=\"32\" x2=\"40\" y2=\"25\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linecap=\"round\"/>",
      "<text x=\"62\" y=\"41\" font-size=\"24\" font-weight=\"bold\" fill=\"#ffffff\">cadence</text>",
      "<text x=\"\(Self.left)\" y=\"108\" font-size=\"24\" font-weight=\"bold\" fill=\"\(Self.ink)\">\(XMLText.text(schedule.name))</text>",
      "<text x=\"\(Self.left)\" y=\"136\" font-size=\"15\" fill=\"#444444\">\(XMLText.text(summary.joined(separator: " · ")))</text>",
    ]
  }

  /// Pixels a millisecond of routine time takes.
  private var scale: Double { (Self.right - Self.left) / Double(max(schedule.total, 1)) }

  /// The bars, and the names and lengths written on them (drawn over the milestone marks).
  /// Segments narrower than a pixel are merged into one bar, shaded by their share of work,
  /// whose tooltip counts them.
  private func bars() -> (shapes: [String], labels: [String]) {
    var parts: [String] = []
    var labels: [String] = []
    for bar in TimelineMerge.bars(schedule.segments, scale: scale) {
      let from = x(bar.start)
      let width = max(0.5, x(bar.end) - from)
      guard let segment = bar.single else {
        parts.append(
          "<rect x=\"\(Self.number(from))\" y=\"\(Self.barTop)\" width=\"\(Self.number(width))\" height=\"\(Self.barHeight)\" fill=\"\(TimelineMerge.blend(workShare: bar.workShare))\"><title>\(XMLText.text(bar.summary))</title></rect>"
        )
        continue
      }
      let isWork = segment.kind == .work
      parts.append(
        "<rect x=\"\(Self.number(from))\" y=\"\(Self.barTop)\" width=\"\(Self.number(width))\" height=\"\(Self.barHeight)\" fill=\"\(isWork ? Self.ink : Self.pauseFill)\" stroke=\"#ffffff\" stroke-width=\"1\"><title>\(XMLText.text("\(PlanAlarm.title(segment)): \(DurationText.clock(segment.duration, precise: true))"))</title></rect>"
      )
      let colour = isWork ? "#ffffff" : Self.ink
      let centre = from + width / 2
      let length = DurationText.clock(segment.duration)
      let name = PlanAlarm.title(segment)
      // Every segment keeps its name where a letter and an ellipsis fit: shortened to the
      // bar, with the whole name as the label's tooltip.
      let shown = Self.shortened(name, toFit: width - 8, size: 13)
      let whole = shown == name ? nil : name
      let lengthFits = LabelRow.width(of: length, size: 13) + 8 < width
      if let shown, lengthFits {
        labels.append(
          text(
            shown, x: centre, y: Self.barTop + 24, size: 13, fill: colour, bold: true,
            title: whole))
        labels.append(text(length, x: centre, y: Self.barTop + 42, size: 13, fill: colour))
      } else if let shown {
        labels.append(
          text(
            shown, x: centre, y: Self.barTop + 33, size: 12, fill: colour, bold: true,
            title: whole))
      } else if LabelRow.width(of: length, size: 12) + 6 < width {
        labels.append(text(length, x: centre, y: Self.barTop + 33, size: 12, fill: colour))
      }
    }
    let manual = TimelineMerge.marks(
      schedule.segments.lazy.filter { $0.kind == .manual }, time: \.start,
      label: PlanAlarm.startText, x: x)
    for mark in manual {
      let top = Self.barTop + Self.barHeight / 2
      let tip = mark.summary(one: "manual step", many: "manual steps")
      parts.append(
        "<path d=\"M \(Self.number(mark.x)) \(Self.number(top - 9)) l 9 9 l -9 9 l -9 -9 z\" fill=\"#f4a300\" stroke=\"#ffffff\" stroke-width=\"1.5\"><title>\(XMLText.text(tip))</title></path>"
      )
    }
    return (parts, labels)
  }

  /// Seed 000's points, for a frame routine only: X at the start, X1, X2, … at the start of
  /// each interval after the first, labelled above the bar (starts within a pixel of the one
  /// before share its mark), and Y at the finish.
  private func intervalPoints() -> [String] {
    guard frame else { return [] }
    var parts: [String] = []
    var row = LabelRow(bounds: 0...Self.width)
    let starts = schedule.segments.lazy.filter { $0.kind == .work && $0.duration > 0 }
    var number = 0
    var lastMark = -Double.infinity
    for segment in starts {
      number += 1
      let position = x(segment.start)
      guard position - lastMark >= 1 else { continue }
      lastMark = position
      parts.append(
        "<line x1=\"\(Self.number(position))\" y1=\"\(Self.barTop - 10)\" x2=\"\(Self.number(position))\" y2=\"\(Self.barTop)\" stroke=\"\(Self.ink)\" stroke-width=\"2\"/>"
      )
      let label = number == 1 ? "X" : "X\(number - 1)"
      if let centre = row.place(centre: position, width: LabelRow.width(of: label, size: 14)) {
        parts.append(
          text(label, x: centre, y: Self.barTop - 16, size: 14, fill: Self.ink, bold: true))
      }
    }
    let finish = x(schedule.total)
    parts.append(
      "<line x1=\"\(Self.number(finish))\" y1=\"\(Self.barTop - 10)\" x2=\"\(Self.number(finish))\" y2=\"\(Self.barTop)\" stroke=\"\(Self.ink)\" stroke-width=\"2\"/>"
    )
    if let centre = row.place(centre: finish, width: LabelRow.width(of: "Y", size: 14)) {
      parts.append(text("Y", x: centre, y: Self.barTop - 16, size: 14, fill: Self.ink, bold: true))
    }
    return parts
  }

  /// `name` cut to fit `width` pixels with an ellipsis; the whole name when it fits, and nil
  /// when not even a letter and the ellipsis do.
  static func shortened(_ name: String, toFit width: Double, size: Double) -> String? {
    if LabelRow.width(of: name, size: size) <= width { return name }
    var kept = Substring(name)
    while !kept.isEmpty {
      kept = kept.dropLast()
      while kept.last == " " { kept = kept.dropLast() }
      let candidate = kept + "…"
      if !kept.isEmpty, LabelRow.width(of: String(candidate), size: size) <= width {
        return String(candidate)
      }
    }
    return nil
  }

  /// The milestones (the quarter points by default): red marks through the bar, labelled
  /// beneath it.
  private func milestones() -> [String] {
    var parts: [String] = []
    var row = LabelRow(bounds: 0...Self.width)
    for event in schedule.events where event.kind == .milestone {
      let position = x(event.at)
      parts.append(
        "<line x1=\"\(Self.number(position))\" y1=\"\(Self.barTop - 4)\" x2=\"\(Self.number(position))\" y2=\"\(Self.barTop + Self.barHeight + 10)\" stroke=\"\(Self.accent)\" stroke-width=\"3\"/>"
      )
      if let centre = row.place(centre: position, width: LabelRow.width(of: event.label, size: 14))
      {
        parts.append(
          text(
            event.label, x: centre, y: Self.barTop + Self.barHeight + 28, size: 14,
            fill: Self.accent, bold: true))
      }
    }
    return parts
  }

  /// Reminders: small blue marks on the bar's lower edge, each with its label as a tooltip;
  /// those within a pixel of each other share a mark, whose tooltip counts them.
  private func reminders() -> [String] {
    let marks = TimelineMerge.marks(
      schedule.events.lazy.filter { $0.kind == .reminder }, time: \.at, label: \.label, x: x)
    return marks.map { mark in
      let position = Self.number(mark.x)
      let bottom = Self.barTop + Self.barHeight
      let tip = mark.summary(one: "reminder", many: "reminders")
      return
        "<circle cx=\"\(position)\" cy=\"\(bottom)\" r=\"4\" fill=\"\(Self.reminderFill)\" stroke=\"#ffffff\" stroke-width=\"1\"><title>\(XMLText.text(tip))</title></circle>"
    }
  }

  private func axis() -> [String] {
    let line = Self.barTop + Self.barHeight + 44
    let axis = TimelineAxis(total: schedule.total, start: start, timeZone: timeZone)
    let step = axis.step(maximum: 10)
    var parts = [
      "<line x1=\"\(Self.left)\" y1=\"\(line)\" x2=\"\(Self.right)\" y2=\"\(line)\" stroke=\"#666666\" stroke-width=\"1\"/>"
    ]
    let ticks = axis.ticks(maximum: 10)
    let labels = ticks.map { axis.label($0, step: step) }
    // The end is always labelled: a tick too close to it gives way.
    var row = LabelRow(bounds: 0...Self.width)
    var placed: [(Int64, String, Double)] = []
    let endWidth = LabelRow.width(of: labels[labels.count - 1], size: 13)
    let endCentre = min(x(schedule.total), Self.width - endWidth / 2)
    for (offset, time) in ticks.enumerated() {
      let width = LabelRow.width(of: labels[offset], size: 13)
      if offset < ticks.count - 1, x(time) + width / 2 + 6 > endCentre - endWidth / 2 { continue }
      if let centre = row.place(centre: x(time), width: width) {
        placed.append((time, labels[offset], centre))
      }
    }
    for (time, label, centre) in placed {
      let position = x(time)
      parts.append(
        "<line x1=\"\(Self.number(position))\" y1=\"\(line)\" x2=\"\(Self.number(position))\" y2=\"\(line + 6)\" stroke=\"#666666\" stroke-width=\"1\"/>"
      )
      parts.append(text(label, x: centre, y: line + 22, size: 13, fill: "#333333"))
    }
    return parts
  }

  private func legend() -> [String] {
    let top = Self.height - 42
    var parts = [
      "<rect x=\"\(Self.left)\" y=\"\(top)\" width=\"22\" height=\"14\" fill=\"\(Self.ink)\"/>",
      text("work", x: Self.left + 30, y: top + 12, size: 13, fill: "#333333", anchor: "start"),
      "<rect x=\"\(Self.left + 90)\" y=\"\(top)\" width=\"22\" height=\"14\" fill=\"\(Self.pauseFill)\"/>",
      text("pause", x: Self.left + 120, y: top + 12, size: 13, fill: "#333333", anchor: "start"),
    ]
    var next = Self.left + 194
    if frame {
      parts += [
        text("X … Y", x: next + 18, y: top + 12, size: 13, fill: Self.ink, bold: true),
        text(
          "interval points", x: next + 44, y: top + 12, size: 13, fill: "#333333",
          anchor: "start"),
      ]
      next += 160
    }
    parts += [
      "<line x1=\"\(next)\" y1=\"\(top - 2)\" x2=\"\(next)\" y2=\"\(top + 16)\" stroke=\"\(Self.accent)\" stroke-width=\"3\"/>",
      text("milestones", x: next + 10, y: top + 12, size: 13, fill: "#333333", anchor: "start"),
    ]
    next += 110
    if schedule.segments.contains(where: { $0.kind == .manual }) {
      parts += [
        "<path d=\"M \(next) \(top - 2) l 9 9 l -9 9 l -9 -9 z\" fill=\"#f4a300\"/>",
        text("manual step", x: next + 15, y: top + 12, size: 13, fill: "#333333", anchor: "start"),
      ]
      next += 115
    }
    if schedule.events.contains(where: { $0.kind == .reminder }) {
      parts += [
        "<circle cx=\"\(next)\" cy=\"\(top + 7)\" r=\"5\" fill=\"\(Self.reminderFill)\"/>",
        text("reminders", x: next + 12, y: top + 12, size: 13, fill: "#333333", anchor: "start"),
      ]
    }
    return parts
  }

  /// A `<text>`; with `title`, the whole of what it shortens as its tooltip.
  private func text(
    _ content: String, x: Double, y: Double, size: Int, fill: String, bold: Bool = false,
    anchor: String = "middle", title: String? = nil
  ) -> String {
    let weight = bold ? " font-weight=\"bold\"" : ""
    let tip = title.map { "<title>\(XMLText.text($0))</title>" } ?? ""
    return
      "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(size)\"\(weight) fill=\"\(fill)\" text-anchor=\"\(anchor)\">\(tip)\(XMLText.text(content))</text>"
  }

  /// A coordinate with at most two decimals.
  static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
