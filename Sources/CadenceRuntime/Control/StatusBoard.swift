/// What `status` shows: the runs going, in the order they started (the one started last at
/// the end), and the runs waiting to be resumed, oldest first.
public struct StatusBoard: Sendable, Equatable {
  public var live: [RunStatus]
  public var waiting: [WaitingRun]

  public init(live: [RunStatus], waiting: [WaitingRun] = []) {
    self.live = live
    self.waiting = waiting
  }
}
