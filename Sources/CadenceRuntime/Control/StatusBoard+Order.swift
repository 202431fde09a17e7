extension StatusBoard {
  /// The board of the runs `going` (in any order), put in the order they started (a run's id
  /// is its process's, which says nothing of when it started), and the runs `waiting` to be
  /// resumed that are not among them.
  public init(going: [RunStatus], waiting: [WaitingRun]) {
    let live = going.sorted {
      ($0.startedAt, Int($0.id) ?? 0, $0.id) < ($1.startedAt, Int($1.id) ?? 0, $1.id)
    }
    let ids = Set(live.map(\.id))
    self.init(live: live, waiting: waiting.filter { !ids.contains($0.id) })
  }
}
