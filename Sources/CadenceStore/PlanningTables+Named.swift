import CadenceCore
import CadenceText

/// A goal or a task a user names, or the refusal that lists the ones there are.
extension PlanningTables {
  /// The goal called `name`, or a refusal that lists the goals there are.
  public func goal(called name: String) throws(StoreError) -> Result<GoalRecord, RuleRefusal> {
    if let goal = try goal(named: name) { return .success(goal) }
    let names = try goals().map(\.name)
    return .failure(
      RuleRefusal(
        sentence: "there is no goal called \(QuotedText.quote(name)); "
          + (names.isEmpty
            ? "add one with cadence goal add NAME --colour green"
            : "the goals are \(names.map { QuotedText.quote($0) }.joined(separator: ", "))")))
  }

  /// The task called `name`, or a refusal that lists (the first dozen of) the tasks there are.
  public func task(called name: String) throws(StoreError) -> Result<TaskRecord, RuleRefusal> {
    if let task = try task(named: name) { return .success(task) }
    let names = try tasks().map(\.name)
    return .failure(
      RuleRefusal(
        sentence: "there is no task called \(QuotedText.quote(name)); "
          + (names.isEmpty
            ? "add one with cadence task add NAME"
            : "the tasks are \(names.prefix(12).map { QuotedText.quote($0) }.joined(separator: ", "))")
      ))
  }
}
