import CadenceStore
import CadenceTime
import FoundationEssentials

/// A task's ring (seed 003): filled to its priority out of 10, or, by deadline, to the share
/// of time left before it; drawn in its goal's colour, or as text without colour.
struct TaskRing: Equatable {
  static let cells = 10

  /// How full, from 0 to 1.
  let fill: Double
  let overdue: Bool
  /// What the fill means: `7/10`, `3 days left`, `due today`, `2 days overdue`.
  let label: String

  static func priority(_ task: TaskRecord) -> TaskRing {
    // A priority outside 0...10 (a row written by hand) fills the ring no more than 10 does.
    TaskRing(
      fill: Double(max(0, min(10, task.priority))) / 10, overdue: false,
      label: "\(task.priority)/10")
  }

  /// The share of time left from the task's creation to the end of its deadline day;
  /// overdue once that day is over. A task without a deadline has an empty ring.
  static func deadline(_ task: TaskRecord, now: Date, timeZone: Zone) -> TaskRing {
    guard let deadline = task.deadline, let day = PlanningInput.day(deadline, timeZone: timeZone)
    else { return TaskRing(fill: 0, overdue: false, label: "no deadline") }
    let deadlineDay = timeZone.local(day)
    let end = timeZone.startOfDay(deadlineDay.addingDays(1))
    let total = end.timeIntervalSince(min(task.createdAt, now))
    let left = end.timeIntervalSince(now)
    let days = Int(deadlineDay.dayNumber - timeZone.local(now).dayNumber)
    if left <= 0 {
      let late = max(1, -days)
      return TaskRing(fill: 0, overdue: true, label: "\(late) day\(late == 1 ? "" : "s") overdue")
    }
    let label =
      days == 0 ? "due today" : days == 1 ? "due tomorrow" : "\(days) days left"
    return TaskRing(fill: total > 0 ? min(1, left / total) : 1, overdue: false, label: label)
  }

  /// Cells filled out of ten.
  var filledCells: Int { Int((fill * Double(Self.cells)).rounded()) }

  /// `◕ ▰▰▰▰▰▰▰▱▱▱ 7/10`: in `colour` when given (the empty cells dim, an overdue label in
  /// bold red); plain text otherwise, where an overdue task is marked with `!`.
  func render(colour: TerminalColour?) -> String {
    let filled = String(repeating: "▰", count: filledCells)
    let empty = String(repeating: "▱", count: Self.cells - filledCells)
    let circle = ["○", "◔", "◑", "◕", "●"][Int((fill * 4).rounded())]
    guard let colour else {
      return "\(overdue ? "!" : circle) \(filled)\(empty) \(label)"
    }
    let mark = overdue ? TerminalColour("red")!.paint("!", bold: true) : colour.paint(circle)
    let text = overdue ? TerminalColour("red")!.paint(label, bold: true) : label
    return "\(mark) \(colour.paint(filled))\u{1B}[2m\(empty)\u{1B}[0m \(text)"
  }
}
