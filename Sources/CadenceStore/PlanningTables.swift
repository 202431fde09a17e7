/// The `goals` and `tasks` tables. Names are unique whatever their case.
public struct PlanningTables {
  let database: Database

  public func goals() throws(StoreError) -> [GoalRecord] {
    try database.select(GoalRecord.self, "ORDER BY name COLLATE NOCASE")
  }

  public func goal(named name: String) throws(StoreError) -> GoalRecord? {
    try database.select(GoalRecord.self, "WHERE name = ?1 COLLATE NOCASE", [.text(name)]).first
  }

  public func goal(id: Int64) throws(StoreError) -> GoalRecord? {
    try database.select(GoalRecord.self, "WHERE id = ?1", [.integer(id)]).first
  }

  /// Adds or, with an id, rewrites a goal; returns its id.
  @discardableResult
  public func save(_ goal: GoalRecord) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      if let id = goal.id {
        try database.update(goal, id: id)
        return id
      }
      return try database.insert(goal)
    }
  }

  /// Removes a goal; its tasks stay, without a goal. Returns how many tasks that affected.
  @discardableResult
  public func remove(goal id: Int64) throws(StoreError) -> Int {
    try database.transaction { () throws(StoreError) in
      let affected =
        try database.scalarInteger(
          "SELECT count(*) FROM tasks WHERE goal_id = ?1", [.integer(id)]) ?? 0
      try database.run("UPDATE tasks SET goal_id = NULL WHERE goal_id = ?1", [.integer(id)])
      try database.run("DELETE FROM goals WHERE id = ?1", [.integer(id)])
      return Int(affected)
    }
  }

  public func tasks() throws(StoreError) -> [TaskRecord] {
    try database.select(TaskRecord.self, "ORDER BY name COLLATE NOCASE")
  }

  public func task(named name: String) throws(StoreError) -> TaskRecord? {
    try database.select(TaskRecord.self, "WHERE name = ?1 COLLATE NOCASE", [.text(name)]).first
  }

  /// Adds or, with an id, rewrites a task; returns its id.
  @discardableResult
  public func save(_ task: TaskRecord) throws(StoreError) -> Int64 {
    try database.transaction { () throws(StoreError) in
      if let id = task.id {
        try database.update(task, id: id)
        return id
      }
      return try database.insert(task)
    }
  }

  public func remove(task id: Int64) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try database.run("DELETE FROM tasks WHERE id = ?1", [.integer(id)])
    }
  }
}
