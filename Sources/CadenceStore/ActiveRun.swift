/// A run in progress as the database keeps it, so that it can be resumed after its process is
/// killed: the routine's text and parameters, the wall-clock start, and the user's actions.
public struct ActiveRun: Sendable, Equatable {
  public struct Action: Sendable, Equatable {
    public var at: Int64
    public var action: String
    public var amount: Int64?

    public init(at: Int64, action: String, amount: Int64? = nil) {
      self.at = at
      self.action = action
      self.amount = amount
    }
  }

  public var id: Int64
  public var routinePath: String
  public var routineSource: [UInt8]
  public var routineHash: String
  /// `name=value` lines, as `--set` gave them.
  public var parameters: [(name: String, value: String)]
  /// Wall-clock start, milliseconds since 1970.
  public var startedAt: Int64
  public var pid: Int32
  /// The last time the running process said it was alive, milliseconds since 1970.
  public var heartbeatAt: Int64
  public var actions: [Action]
  /// The task, session id and rules of the run.
  public var details = Details()

  public init(
    id: Int64, routinePath: String, routineSource: [UInt8], routineHash: String,
    parameters: [(name: String, value: String)], startedAt: Int64, pid: Int32,
    heartbeatAt: Int64, actions: [Action], details: Details = Details()
  ) {
    self.id = id
    self.routinePath = routinePath
    self.routineSource = routineSource
    self.routineHash = routineHash
    self.parameters = parameters
    self.startedAt = startedAt
    self.pid = pid
    self.heartbeatAt = heartbeatAt
    self.actions = actions
    self.details = details
  }

  public static func == (lhs: ActiveRun, rhs: ActiveRun) -> Bool {
    lhs.id == rhs.id && lhs.routineHash == rhs.routineHash && lhs.startedAt == rhs.startedAt
      && lhs.actions == rhs.actions && lhs.heartbeatAt == rhs.heartbeatAt
      && lhs.details == rhs.details
  }
}
