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

  /// The goals as `goal list` prints them, in one piece: a JSON array, a line a goal after
  /// its `swatch`, or the sentence saying there are none.
  public static func listing(
    _ goals: [GoalRecord], tasks: [TaskRecord], json: Bool, swatch: (GoalRecord) -> String
  ) -> String {
    if json { return Self.json(goals, tasks: tasks) }
    if goals.isEmpty { return "No goals yet; add one with cadence goal add NAME --colour green.\n" }
    return goals.map { line($0, tasks: tasks, swatch: swatch($0)) }.joined()
  }

  /// What `goal add`, `goal edit` and `goal remove` say; the name and colour are the
  /// database's, escaped for the terminal.
  public static func added(_ goal: GoalRecord) -> String {
    "Added goal \(TerminalText.line(goal.name)) (\(TerminalText.line(goal.colour))).\n"
  }

  public static func changed(_ goal: GoalRecord) -> String {
    "Goal \(TerminalText.line(goal.name)) is \(TerminalText.line(goal.colour)).\n"
  }

  public static func removed(_ goal: GoalRecord, tasks: Int) -> String {
    "Removed goal \(TerminalText.line(goal.name))"
      + (tasks > 0 ? "; \(tasks) task\(tasks == 1 ? "" : "s") now without a goal" : "") + ".\n"
  }
}
