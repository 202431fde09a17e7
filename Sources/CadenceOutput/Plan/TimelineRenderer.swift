import CadenceCore
import CadenceText

/// A timeline strip: one column per slice of routine time, work as solid blocks and pauses
/// shaded, with the interval points (the starts of work) and the milestones marked beneath.
public struct TimelineRenderer {
  let schedule: Schedule
  let width: Int
  let colour: Bool

  public init(schedule: Schedule, width: Int, colour: Bool) {
    self.schedule = schedule
    self.width = width
    self.colour = colour
  }

  static let work: Character = "█"
  static let pause: Character = "░"

  public func render() -> [String] {
    let total = schedule.total
    let columns = width
    func column(_ time: Int64) -> Int {
      min(columns - 1, Int(time * Int64(columns) / max(total, 1)))
    }

    var bar = Array(repeating: Self.pause, count: columns)
    var points = Array(repeating: Character(" "), count: columns)
    // The positions of the timed segments, not copies of them: a plan may have a million.
    let segments = schedule.segments
    let timed = segments.indices.filter { segments[$0].duration > 0 }
    var cursor = 0
    for index in 0..<columns {
      let middle = (Int64(index) * 2 + 1) * total / (Int64(columns) * 2)
      while cursor < timed.count - 1, segments[timed[cursor]].end <= middle { cursor += 1 }
      bar[index] = segments[timed[cursor]].kind == .work ? Self.work : Self.pause
    }
    for segment in schedule.segments where segment.kind == .work {
      points[column(segment.start)] = "▲"
    }
    for segment in schedule.segments where segment.kind == .manual {
      points[column(segment.start)] = "◆"
    }

    var marks = Array(repeating: Character(" "), count: columns)
    var labels = Array(repeating: Character(" "), count: columns + 8)
    for event in schedule.events where event.kind == .milestone {
      let position = column(event.at)
      marks[position] = "┴"
      let text = Array(TerminalText.line(event.label))
      let start = max(0, min(position - text.count / 2, columns + 8 - text.count))
      if labels[start..<start + text.count].allSatisfy({ $0 == " " }),
        start == 0 || labels[start - 1] == " "
      {
        labels.replaceSubrange(start..<start + text.count, with: text)
      }
    }

    let scale =
      "0:00" + String(repeating: " ", count: max(1, columns - 4 - DurationText.clock(total).count))
      + DurationText.clock(total)
    var lines = [
      "Timeline: \(Self.work) work  \(Self.pause) pause  ▲ interval point  ◆ manual step  ┴ milestone",
      paint(String(bar)),
      String(points).trimmingTrailingSpaces(),
      String(marks).trimmingTrailingSpaces(),
      String(labels).trimmingTrailingSpaces(),
      scale,
    ]
    if !schedule.segments.contains(where: { $0.kind == .manual }) {
      lines[0] = lines[0].replacing("  ◆ manual step", with: "")
    }
    return lines.filter { !$0.isEmpty }
  }

  private func paint(_ bar: String) -> String {
    guard colour else { return bar }
    var text = ""
    var current: Character?
    for character in bar {
      if character != current {
        text += character == Self.work ? "\u{1B}[32m" : "\u{1B}[36m"
        current = character
      }
      text.append(character)
    }
    return text + "\u{1B}[0m"
  }
}
