extension Engine {
  /// An engine's whole state apart from its schedule, so that another process (a view
  /// attached to a background run) can hold the same engine and draw it as it stands.
  public struct Snapshot: Sendable, Equatable, Codable {
    public var state: String
    public var since: Int64
    public var index: Int
    public var segmentLength: Int64
    public var elapsedBeforeSegment: Int64
    public var skippedSegments: [Int]
    public var skippedTime: Int64
    public var pauseCount: Int
    public var segmentsEnded: Int
    public var anchor: Int64
    public var elapsedAtAnchor: Int64
    public var nextMilestone: Int
    public var nextReminder: Int
    public var endedLengths: [Int: Int64]
  }

  /// The engine's state, to rebuild it elsewhere with `init(schedule:snapshot:)`.
  public var snapshot: Snapshot {
    let (name, since): (String, Int64)
    switch state {
    case .ready: (name, since) = ("ready", 0)
    case .running: (name, since) = ("running", 0)
    case .paused(let at): (name, since) = ("paused", at)
    case .waiting(let at): (name, since) = ("waiting", at)
    case .finished: (name, since) = ("finished", 0)
    case .stopped: (name, since) = ("stopped", 0)
    }
    return Snapshot(
      state: name, since: since, index: index, segmentLength: segmentLength,
      elapsedBeforeSegment: elapsedBeforeSegment, skippedSegments: skippedSegments,
      skippedTime: skippedTime, pauseCount: pauseCount, segmentsEnded: segmentsEnded,
      anchor: anchor, elapsedAtAnchor: elapsedAtAnchor, nextMilestone: nextMilestone,
      nextReminder: nextReminder, endedLengths: endedLengths)
  }

  /// The engine of `schedule` in the state `snapshot` describes; nil when the snapshot does
  /// not fit the schedule.
  public init?(schedule: Schedule, snapshot: Snapshot) {
    self.init(schedule: schedule)
    switch snapshot.state {
    case "ready": state = .ready
    case "running": state = .running
    case "paused": state = .paused(since: snapshot.since)
    case "waiting": state = .waiting(since: snapshot.since)
    case "finished": state = .finished
    case "stopped": state = .stopped
    default: return nil
    }
    guard snapshot.index >= 0, snapshot.index <= schedule.segments.count else { return nil }
    index = snapshot.index
    segmentLength = snapshot.segmentLength
    elapsedBeforeSegment = snapshot.elapsedBeforeSegment
    skippedSegments = snapshot.skippedSegments
    skippedTime = snapshot.skippedTime
    pauseCount = snapshot.pauseCount
    segmentsEnded = snapshot.segmentsEnded
    anchor = snapshot.anchor
    elapsedAtAnchor = snapshot.elapsedAtAnchor
    nextMilestone = snapshot.nextMilestone
    nextReminder = snapshot.nextReminder
    endedLengths = snapshot.endedLengths
  }
}
