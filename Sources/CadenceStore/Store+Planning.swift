import CadenceCore
import CadenceText
import FoundationEssentials

/// Goals and tasks as the commands change them: each change checked against what the
/// database holds (a name taken, a goal or task not there) and refused with a
/// ``CommandRefusal`` (65, or 64 for nothing to change) before anything is written. Names
/// reach here already checked (``PlanningRules``).
extension Store {
  /// The goal called `name`, or a refusal that lists the goals there are (65).
  public func goal(called name: String) throws -> GoalRecord {
    try planning.goal(called: name).mapError { CommandRefusal($0, status: .dataError) }.get()
  }

  /// The task called `name`, or a refusal that lists the tasks there are (65).
  public func task(called name: String) throws -> TaskRecord {
    try planning.task(called: name).mapError { CommandRefusal($0, status: .dataError) }.get()
  }

  /// Adds the goal `name` in `colour`, creating the database if need be.
  public func addGoal(_ name: String, colour: String, at now: Date) throws -> GoalRecord {
    try refuseTaken(goal: name, adding: true)
    var goal = GoalRecord(name: name, colour: colour, createdAt: now)
    goal.id = try writable().planning.save(goal)
    return goal
  }

  /// Changes the goal called `given`: its colour, its name, or both.
  public func editGoal(_ given: String, colour: String?, name: String?) throws -> GoalRecord {
    var goal = try goal(called: given)
    guard colour != nil || name != nil else {
      throw CommandRefusal(sentence: "goal edit needs --colour or --name to change")
    }
    if let name, name.lowercased() != goal.name.lowercased() { try refuseTaken(goal: name) }
    if let colour { goal.colour = colour }
    if let name { goal.name = name }
    try planning.save(goal)
    return goal
  }

  /// Removes the goal called `given`; returns it and how many tasks are now without a goal.
  public func removeGoal(_ given: String) throws -> (goal: GoalRecord, tasks: Int) {
    let goal = try goal(called: given)
    return (goal, try planning.remove(goal: goal.id!))
  }

  /// Adds the task `name` with `changes`, creating the database if need be.
  public func addTask(_ name: String, _ changes: TaskChanges, at now: Date) throws -> TaskRecord {
    try refuseTaken(task: name, adding: true)
    var task = TaskRecord(name: name, createdAt: now)
    try apply(changes, to: &task)
    task.id = try writable().planning.save(task)
    return task
  }

  /// Changes the task called `given`.
  public func editTask(_ given: String, _ changes: TaskChanges) throws -> TaskRecord {
    var task = try task(called: given)
    guard !changes.isEmpty else {
      throw CommandRefusal(
        sentence: "task edit needs something to change, such as --priority 8 or --days mon,wed")
    }
    if let name = changes.name, name.lowercased() != task.name.lowercased() {
      try refuseTaken(task: name)
    }
    try apply(changes, to: &task)
    try planning.save(task)
    return task
  }

  /// Marks the task called `given` done.
  public func finishTask(_ given: String) throws -> TaskRecord {
    var task = try task(called: given)
    task.done = true
    try planning.save(task)
    return task
  }

  /// Removes the task called `given`.
  public func removeTask(_ given: String) throws -> TaskRecord {
    let task = try task(called: given)
    try planning.remove(task: task.id!)
    return task
  }

  private func apply(_ changes: TaskChanges, to task: inout TaskRecord) throws {
    if let goal = changes.goal { task.goalID = try goal.flatMap { try self.goal(called: $0).id } }
    if let icon = changes.icon { task.icon = icon }
    if let tags = changes.tags { task.tags = tags }
    if let length = changes.length { task.lengthMilliseconds = length }
    if let priority = changes.priority { task.priority = priority }
    if let deadline = changes.deadline { task.deadline = deadline }
    if let days = changes.days { task.weekdays = days.rawValue }
    if let name = changes.name { task.name = name }
  }

  /// Refuses `name` for a goal (or a task) when one of that name (in any case) is there.
  private func refuseTaken(goal name: String, adding: Bool = false) throws {
    guard try planning.goal(named: name) != nil else { return }
    throw Self.taken("goal", name, adding: adding)
  }

  private func refuseTaken(task name: String, adding: Bool = false) throws {
    guard try planning.task(named: name) != nil else { return }
    throw Self.taken("task", name, adding: adding)
  }

  private static func taken(_ what: String, _ name: String, adding: Bool) -> CommandRefusal {
    CommandRefusal(
      sentence: "there is already a \(what) called \(QuotedText.quote(name))"
        + (adding ? "; choose another name or edit it" : ""), status: .dataError)
  }
}
