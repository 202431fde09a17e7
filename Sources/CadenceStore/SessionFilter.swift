import FoundationEssentials

/// Which sessions to read back.
public struct SessionFilter: Sendable, Equatable {
  public var since: Date?
  public var routine: String?
  public var task: String?

  public init(since: Date? = nil, routine: String? = nil, task: String? = nil) {
    self.since = since
    self.routine = routine
    self.task = task
  }
}
