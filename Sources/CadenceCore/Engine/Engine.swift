/// Executes a schedule against a clock that the caller reads: a pure state machine whose
/// inputs are instants (milliseconds since the run started) and user commands, and whose
/// outputs are events.
///
/// Deadlines are absolute: the next event is due at `anchor + (target − elapsedAtAnchor)`,
/// where the anchor moves only when the user acts or a segment starts at its due instant, so
/// no error accumulates however late the caller wakes. After a late wake-up `advance(to:)`
/// fires everything that fell due, once each, in the documented order, each stamped with its
/// own due instant.
public struct Engine: Sendable {
  public enum State: Sendable, Equatable {
    case ready
    case running
    /// Paused by the user at the given instant.
    case paused(since: Int64)
    /// Waiting for the user to complete a manual segment since the given instant.
    case waiting(since: Int64)
    case finished
    case stopped
  }

  public let schedule: Schedule
  public internal(set) var state: State = .ready
  /// The current segment, as an index into `schedule.segments`.
  public internal(set) var index = 0
  /// The current segment's length as it stands (adjustments change it).
  public internal(set) var segmentLength: Int64 = 0
  /// Routine time spent before the current segment.
  public internal(set) var elapsedBeforeSegment: Int64 = 0
  /// Segments the user skipped, by index from 1.
  public internal(set) var skippedSegments: [Int] = []
  /// Routine time the user removed by skipping.
  public internal(set) var skippedTime: Int64 = 0
  /// Number of user pauses.
  public internal(set) var pauseCount = 0
  /// Segments that have ended, skipped ones included.
  public internal(set) var segmentsEnded = 0
  /// The lengths of ended segments that differ from the plan (adjusted or skipped), by index
  /// from 0.
  public internal(set) var endedLengths: [Int: Int64] = [:]

  /// Clock instant at which the current segment's elapsed time was `elapsedAtAnchor`.
  var anchor: Int64 = 0
  var elapsedAtAnchor: Int64 = 0
  /// Timed length of segments after the current one: `remainingAfter[i]` is the sum of the
  /// durations of segments i+1…n-1.
  let remainingAfter: [Int64]
  let milestones: [(fraction: Double, label: String)]
  var nextMilestone = 0
  /// Reminders by segment index (0-based), as (offset, label), ordered.
  let reminders: [Int: [(offset: Int64, label: String)]]
  var nextReminder = 0

  public init(schedule: Schedule) {
    self.schedule = schedule
    var sums = Array(repeating: Int64(0), count: schedule.segments.count)
    var running: Int64 = 0
    for position in stride(from: schedule.segments.count - 1, through: 0, by: -1) {
      sums[position] = running
      running += schedule.segments[position].duration
    }
    remainingAfter = sums
    milestones = schedule.events.compactMap { event in
      guard event.kind == .milestone, let fraction = event.fraction else { return nil }
      return (fraction, event.label)
    }
    var byIndex: [Int: [(offset: Int64, label: String)]] = [:]
    for event in schedule.events where event.kind == .reminder {
      guard let segment = event.segment else { continue }
      let start = schedule.segments[segment - 1].start
      byIndex[segment - 1, default: []].append((event.at - start, event.label))
    }
    reminders = byIndex
  }

  /// The routine's timed length as it stands.
  public var total: Int64 {
    guard index < schedule.segments.count else { return elapsedBeforeSegment }
    return elapsedBeforeSegment + segmentLength + remainingAfter[index]
  }

  public var isOver: Bool { state == .finished || state == .stopped }

  /// The current segment, if the run has one.
  public var currentSegment: Segment? {
    guard !isOver, state != .ready, index < schedule.segments.count else { return nil }
    return schedule.segments[index]
  }

  /// The segment after the current one.
  public var nextSegment: Segment? {
    guard index + 1 < schedule.segments.count else { return nil }
    return schedule.segments[index + 1]
  }

  /// Elapsed time of the current segment at instant `now`.
  public func segmentElapsed(at now: Int64) -> Int64 {
    switch state {
    case .running: return min(segmentLength, elapsedAtAnchor + max(0, now - anchor))
    case .paused, .waiting, .stopped: return elapsedAtAnchor
    case .ready, .finished: return 0
    }
  }

  /// Routine time at instant `now`.
  public func elapsed(at now: Int64) -> Int64 {
    elapsedBeforeSegment + segmentElapsed(at: now)
  }

  /// The instant at which the next event is due, or nil when nothing will happen without the
  /// user (paused, waiting, over).
  public var nextDeadline: Int64? {
    guard state == .running, let target = nextTarget() else { return nil }
    return anchor + (target.segmentElapsed - elapsedAtAnchor)
  }

  /// The instant the routine would finish if nobody intervenes (nil while paused or waiting).
  public func projectedFinish() -> Int64? {
    guard state == .running else { return nil }
    return anchor + (segmentLength - elapsedAtAnchor) + remainingAfter[index]
  }
}
