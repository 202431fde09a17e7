import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceText
import FoundationEssentials

/// `cadence task list`, and the way a task is written on one line or as JSON.
enum TaskListing {
  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    StoreAccess.with(arguments, context, usage: TaskCommand.spec.qualified("list").usage) { store in
      let tasks = try store.planning.tasks().filter { arguments[TaskCommand.all] || !$0.done }
      let goals = Dictionary(try store.planning.goals().map { ($0.id!, $0) }) { $1 }
      if arguments[CommonOptions.json] {
        context.console.out(
          JSONValue.array(tasks.map { json($0, goal: $0.goalID.flatMap { goals[$0] }) }).rendered
            + "\n")
      } else if tasks.isEmpty {
        context.console.out("No tasks yet; add one with cadence task add NAME.\n")
      } else {
        // One write for the whole list, not one a task.
        context.console.out(
          tasks.map { line($0, goal: $0.goalID.flatMap { goals[$0] }) + "\n" }.joined())
      }
      return .success
    }
  }

  static func line(_ task: TaskRecord, store: Store) throws -> String {
    line(task, goal: try task.goalID.flatMap { try store.planning.goal(id: $0) })
  }

  /// `📝 Essay (Degree) priority 8, 50m, weekdays, by 2026-12-18, #writing`
  static func line(_ task: TaskRecord, goal: GoalRecord?) -> String {
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

  static func json(_ task: TaskRecord, goal: GoalRecord?) -> JSONValue {
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
}
