/// One segment of a schedule, placed in routine time.
public struct Segment: Sendable, Equatable, Codable {
  /// Position in the schedule, from 1.
  public var index: Int
  public var name: String
  public var kind: SegmentKind
  /// Routine time at which it starts, in milliseconds (user pauses and manual steps excluded).
  public var start: Int64
  /// Zero for a manual step, which does not move routine time.
  public var duration: Int64
  /// Round i of n of the innermost repeated block (or frame) it belongs to.
  public var round: Int?
  public var rounds: Int?
  public var overtime: Bool
  /// A step the routine marked `focus = true`: do-not-disturb holds while it counts.
  public var focus: Bool

  public init(
    index: Int, name: String, kind: SegmentKind, start: Int64, duration: Int64,
    round: Int? = nil, rounds: Int? = nil, overtime: Bool = false, focus: Bool = false
  ) {
    self.index = index
    self.name = name
    self.kind = kind
    self.start = start
    self.duration = duration
    self.round = round
    self.rounds = rounds
    self.overtime = overtime
    self.focus = focus
  }

  public var end: Int64 { start + duration }
}
