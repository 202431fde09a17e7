import CadenceCore
import CadenceText

/// A goal or a task a user names, or the refusal that lists the ones there are.
extension PlanningTables {
  /// The goal called `name`, or a refusal that lists (the first dozen of) the goals there are.
  /// A name is looked for as given, then trimmed, as `goal add` stores it.
  public func goal(called name: String) throws(StoreError) -> Result<GoalRecord, RuleRefusal> {
    if let goal = try goal(named: name) { return .success(goal) }
    if let goal = try goal(named: Self.trimmed(name)) { return .success(goal) }
    return .failure(
      Self.noSuch(
        "goal", called: name, among: try goals().map(\.name),
        adding: "cadence goal add NAME --colour green"))
  }

  /// The task called `name`, or a refusal that lists (the first dozen of) the tasks there are.
  /// A name is looked for as given, then trimmed, as `task add` stores it.
  public func task(called name: String) throws(StoreError) -> Result<TaskRecord, RuleRefusal> {
    if let task = try task(named: name) { return .success(task) }
    if let task = try task(named: Self.trimmed(name)) { return .success(task) }
    return .failure(
      Self.noSuch(
        "task", called: name, among: try tasks().map(\.name), adding: "cadence task add NAME"))
  }

  /// `name` without the spaces around it, when it had any.
  static func trimmed(_ name: String) -> String? {
    let trimmed = PlainText.trimmed(name)
    return trimmed == name || trimmed.isEmpty ? nil : trimmed
  }

  private func goal(named name: String?) throws(StoreError) -> GoalRecord? {
    guard let name else { return nil }
    return try goal(named: name)
  }

  private func task(named name: String?) throws(StoreError) -> TaskRecord? {
    guard let name else { return nil }
    return try task(named: name)
  }

  /// How many names a refusal lists at most, so that it stays one readable line.
  static let listedNames = 12

  /// `there is no goal called "X"; the goals are "A", "B"`: the names there are (the first
  /// ``listedNames``, each quoted for a terminal), or, with none, the command that adds one.
  static func noSuch(_ what: String, called name: String, among names: [String], adding: String)
    -> RuleRefusal
  {
    let listed = names.prefix(listedNames).map { QuotedText.quote($0) }.joined(separator: ", ")
    return RuleRefusal(
      sentence: "there is no \(what) called \(QuotedText.quote(name)); "
        + (names.isEmpty ? "add one with \(adding)" : "the \(what)s are \(listed)"))
  }
}
