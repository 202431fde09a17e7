import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceText
import CadenceTime
import FoundationEssentials

/// `cadence today`: the tasks that can be worked on at `now`, in `order`, each with its ring
/// (``TaskRing``) in its goal's colour; as lines under the day's name, or as a JSON array.
public enum TodayListing {
  public static func text(
    _ tasks: [TaskRecord], goals: [GoalRecord], order: TodayOrder, now: Date, timeZone: Zone,
    colour: Bool, json: Bool
  ) -> String {
    let goals = Dictionary(goals.map { ($0.id!, $0) }) { $1 }
    let shown = timeZone.local(now)
    let entries = order.tasks(tasks, on: TodayOrder.weekday(of: shown)).map { task in
      (
        task: task, goal: task.goalID.flatMap { goals[$0] },
        ring: order == .priority
          ? TaskRing.priority(task, now: now, timeZone: timeZone)
          : TaskRing.deadline(task, now: now, timeZone: timeZone)
      )
    }
    if json {
      return JSONValue.array(
        entries.map { entry in
          TaskText.json(
            entry.task, goal: entry.goal, fill: entry.ring.fill, overdue: entry.ring.overdue,
            ring: entry.ring.label)
        }
      ).rendered + "\n"
    }
    let date =
      "\(TimeFormat.weekdayName(shown.weekday)) \(shown.day) \(TimeFormat.monthName(shown.month))"
    var text =
      "\(date): \(entries.count) task\(entries.count == 1 ? "" : "s"), by \(order.rawValue)\n"
    if entries.isEmpty { text += "Nothing for this day; add one with cadence task add NAME.\n" }
    for entry in entries {
      let painted =
        colour ? entry.goal.flatMap { TerminalColour($0.colour) } ?? TerminalColour("white") : nil
      var details: [String] = []
      if let goal = entry.goal { details.append(goal.name) }
      if let length = entry.task.lengthMilliseconds { details.append(DurationText.format(length)) }
      if order == .priority, let deadline = entry.task.deadline {
        details.append(entry.ring.overdue ? "was due \(deadline)" : "by \(deadline)")
      }
      if order == .deadline { details.append("priority \(entry.task.priority)") }
      // The names and the deadline are the database's, so each is escaped for the terminal.
      let name = TerminalText.line((entry.task.icon.map { "\($0) " } ?? "") + entry.task.name)
      text +=
        "  \(entry.ring.render(colour: painted))  \(name)"
        + (details.isEmpty ? "" : "  (\(TerminalText.line(details.joined(separator: ", "))))")
        + "\n"
    }
    return text
  }
}
