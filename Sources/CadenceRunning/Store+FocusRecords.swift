import CadenceStore

extension Store {
  /// The task called `name` (none when nil) and its goal, as a focus or a timer counts for
  /// them; a name there is no task by is refused with the tasks there are (status 65).
  public func focusRecords(task name: String?) throws -> (task: TaskRecord?, goal: GoalRecord?) {
    guard let name else { return (nil, nil) }
    let task = try task(called: name)
    return (task, try task.goalID.flatMap { try planning.goal(id: $0) })
  }
}
