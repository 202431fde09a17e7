import FoundationEssentials

/// Which sessions to read back.
public struct SessionFilter: Sendable, Equatable {
  public var since: Date?
  /// Only sessions started before this.
  public var before: Date?
  public var routine: String?
  public var task: String?

  public init(since: Date? = nil, before: Date? = nil, routine: String? = nil, task: String? = nil)
  {
    self.since = since
    self.before = before
    self.routine = routine
    self.task = task
  }
}
