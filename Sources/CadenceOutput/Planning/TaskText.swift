import CadenceCore
import CadenceStore
import CadenceText

/// A task as `task list` writes it: on one line, or as a JSON object.
public enum TaskText {
  /// The tasks as `task list` prints them, in one piece: a JSON array, a line a task, or the
  /// sentence saying there are none. `goals` are the goals by id.
  public static func listing(_ tasks: [TaskRecord], goals: [Int64: GoalRecord], json: Bool)
    -> String
  {
    if json {
      return JSONValue.array(tasks.map { Self.json($0, goal: $0.goalID.flatMap { goals[$0] }) })
        .rendered + "\n"
    }
    if tasks.isEmpty { return "No tasks yet; add one with cadence task add NAME.\n" }
    return tasks.map { line($0, goal: $0.goalID.flatMap { goals[$0] }) + "\n" }.joined()
  }

  /// `task list`: the tasks in `store` not done (all of them with `all`), as ``listing(_:goals:json:)``.
  public static func listing(in store: Store, all: Bool, json: Bool) throws -> String {
    let goals = Dictionary(try store.planning.goals().map { ($0.id!, $0) }) { $1 }
    return listing(try store.planning.tasks().filter { all || !$0.done }, goals: goals, json: json)
  }

  public static func line(_ task: TaskRecord, store: Store) throws -> String {
    line(task, goal: try task.goalID.flatMap { try store.planning.goal(id: $0) })
  }

  /// What `task add`, `task edit`, `task done` and `task remove` say (`verb` is `add`,
  /// `edit`, `done` or `remove`); the task as ``line(_:store:)`` writes it, or its name.
  public static func said(_ verb: String, _ task: TaskRecord, store: Store) throws -> String {
    switch verb {
    case "add": return "Added task \(try line(task, store: store)).\n"
    case "edit": return "Changed task \(try line(task, store: store)).\n"
    case "done": return "Done: \(TerminalText.line(task.name)).\n"
    default: return "Removed task \(TerminalText.line(task.name)).\n"
    }
  }

  /// `📝 Essay (Degree) priority 8, 50m, weekdays, by 2026-12-18, #writing`
  public static func line(_ task: TaskRecord, goal: GoalRecord?) -> String {
    var parts = ["priority \(task.priority)"]
    if let length = task.lengthMilliseconds { parts.append(DurationText.format(length)) }
    parts.append(Weekdays(rawValue: task.weekdays).description)
    if let deadline = task.deadline { parts.append("by \(deadline)") }
    if !task.tags.isEmpty { parts.append(task.tags.map { "#\($0)" }.joined(separator: " ")) }
    if task.done { parts.append("done") }
    let name = (task.icon.map { "\($0) " } ?? "") + task.name
    return TerminalText.line(
      name + (goal.map { " (\($0.name))" } ?? "") + " " + parts.joined(separator: ", "))
  }

  public static func json(_ task: TaskRecord, goal: GoalRecord?) -> JSONValue {
    .object([
      ("name", .string(task.name)), ("goal", goal.map { .string($0.name) } ?? .null),
      ("colour", goal.map { .string($0.colour) } ?? .null),
      ("icon", task.icon.map { .string($0) } ?? .null),
      ("tags", .array(task.tags.map { .string($0) })),
      ("length_ms", task.lengthMilliseconds.map { .int($0) } ?? .null),
      ("priority", .int(Int64(task.priority))),
      ("deadline", task.deadline.map { .string($0) } ?? .null),
      ("days", .string(Weekdays(rawValue: task.weekdays).description)),
      ("done", .bool(task.done)),
    ])
  }

  /// A task as `today --json` writes it: ``json(_:goal:)`` and its ring, how full it is (to a
  /// thousandth), whether the task is overdue, and the ring's label.
  public static func json(
    _ task: TaskRecord, goal: GoalRecord?, fill: Double, overdue: Bool, ring: String
  ) -> JSONValue {
    guard case .object(let fields) = json(task, goal: goal) else { return .null }
    return .object(
      fields + [
        ("fill", .double((fill * 1000).rounded() / 1000)), ("overdue", .bool(overdue)),
        ("ring", .string(ring)),
      ])
  }
}
