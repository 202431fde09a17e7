import CadenceStore
import CadenceText

/// The goals as `goal list` prints them: a line each, after the swatch of its colour, or a
/// JSON array; each with how many tasks work towards it.
public enum GoalText {
  public static func json(_ goals: [GoalRecord], tasks: [TaskRecord]) -> String {
    let items = goals.map { goal -> JSONValue in
      .object([
        ("name", .string(goal.name)), ("colour", .string(goal.colour)),
        ("tasks", .int(Int64(tasks.filter { $0.goalID == goal.id }.count))),
      ])
    }
    return JSONValue.array(items).rendered + "\n"
  }

  /// `■ Degree  blue, 2 open tasks`, after `swatch`.
  public static func line(_ goal: GoalRecord, tasks: [TaskRecord], swatch: String) -> String {
    let count = tasks.filter { $0.goalID == goal.id && !$0.done }.count
    return
      "\(swatch) \(TerminalText.line(goal.name))  \(TerminalText.line(goal.colour)), \(count) open task\(count == 1 ? "" : "s")\n"
  }
}
