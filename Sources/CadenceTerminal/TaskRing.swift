import CadenceCore
import CadenceStore
import CadenceTime
import FoundationEssentials

/// A task's ring (seed 003): filled to its priority out of 10, or, by deadline, to the time
/// left before it against a horizon of two weeks; drawn in its goal's colour, or as text
/// without colour.
public struct TaskRing: Equatable {
  public static let cells = 10
  /// The time left that fills a deadline ring: two weeks. Two days left is a seventh of the
  /// ring, a fortnight or more a full one, so tasks differ from the day they are made.
  public static let horizonDays = 14

  /// How full, from 0 to 1.
  public let fill: Double
  public let overdue: Bool
  /// What the fill means: `7/10`, `3 days left`, `due today`, `2 days overdue`.
  public let label: String

  /// Filled to the priority out of 10; overdue, as by deadline, once its deadline day is over.
  public static func priority(_ task: TaskRecord, now: Date, timeZone: Zone) -> TaskRing {
    // A priority outside 0...10 (a row written by hand) fills the ring no more than 10 does.
    TaskRing(
      fill: Double(max(0, min(10, task.priority))) / 10,
      overdue: deadline(task, now: now, timeZone: timeZone).overdue,
      label: "\(task.priority)/10")
  }

  /// The time left to the end of the task's deadline day against `horizonDays`; overdue
  /// once that day is over. A task without a deadline has an empty ring.
  public static func deadline(_ task: TaskRecord, now: Date, timeZone: Zone) -> TaskRing {
    guard let deadline = task.deadline, let day = PlanningRules.day(deadline, timeZone: timeZone)
    else { return TaskRing(fill: 0, overdue: false, label: "no deadline") }
    let deadlineDay = timeZone.local(day)
    let end = timeZone.startOfDay(deadlineDay.addingDays(1))
    let left = end.timeIntervalSince(now)
    let days = Int(deadlineDay.dayNumber - timeZone.local(now).dayNumber)
    if left <= 0 {
      let late = max(1, -days)
      return TaskRing(fill: 0, overdue: true, label: "\(late) day\(late == 1 ? "" : "s") overdue")
    }
    let label =
      days == 0 ? "due today" : days == 1 ? "due tomorrow" : "\(days) days left"
    let horizon = Double(horizonDays) * 24 * 3600
    return TaskRing(fill: min(1, left / horizon), overdue: false, label: label)
  }

  /// Cells filled out of ten.
  public var filledCells: Int { Int((fill * Double(Self.cells)).rounded()) }

  /// `◕ ▰▰▰▰▰▰▰▱▱▱ 7/10`: in `colour` when given (the empty cells dim, an overdue label in
  /// bold red); plain text otherwise, where an overdue task is marked with `!`.
  public func render(colour: TerminalColour?) -> String {
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
