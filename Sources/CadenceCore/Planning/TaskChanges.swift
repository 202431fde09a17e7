/// What `task add` sets and `task edit` changes, read from the options as given and checked
/// (``PlanningRules``) before the database is opened. Nil is "not given"; a goal or deadline
/// of `.some(nil)` (`none` on the command line) clears it.
public struct TaskChanges: Sendable, Equatable {
  /// The goal's name, as given.
  public var goal: String??
  public var icon: String?
  public var tags: [String]?
  public var length: Int64?
  public var priority: Int?
  public var deadline: String??
  public var days: Weekdays?
  public var name: String?

  public init() {}

  /// Reads each value given, in the order the options are listed; `interactive` and `ask`
  /// are for `--icon pick` (``TaskIcons/resolve(_:interactive:ask:)``).
  public init(
    goal: String?, icon: String?, tags: String?, length: String?, priority: Int?,
    deadline: String?, days: String?, name: String?, interactive: Bool, ask: () -> String?
  ) throws(RuleRefusal) {
    if let goal {
      self.goal =
        goal.lowercased() == "none" ? .some(nil) : try PlanningRules.name(goal, of: "goal")
    }
    if let icon { self.icon = try TaskIcons.resolve(icon, interactive: interactive, ask: ask) }
    if let tags { self.tags = try PlanningRules.tags(tags) }
    if let length { self.length = try PlanningRules.length(length) }
    self.priority = priority
    if let deadline {
      self.deadline =
        deadline.lowercased() == "none" ? .some(nil) : try PlanningRules.deadline(deadline)
    }
    if let days { self.days = try PlanningRules.weekdays(days) }
    if let name { self.name = try PlanningRules.name(name, of: "task") }
  }

  public var isEmpty: Bool { self == TaskChanges() }
}
