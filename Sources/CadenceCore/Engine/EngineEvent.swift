/// Something that happened while a routine ran, stamped with when it was due and how late it
/// fired.
///
/// At one instant, events come in this documented order: the end of the segment that ends,
/// then milestones, then reminders, then the start of the segment that starts.
public struct EngineEvent: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Equatable, CaseIterable, Codable {
    case start
    case segmentStart = "segment_start"
    case segmentEnd = "segment_end"
    case milestone
    case reminder
    case finish
    /// The user paused the run.
    case paused
    case resumed
    /// The user ended the current segment early.
    case skipped
    /// The user lengthened or shortened the current segment.
    case adjusted
    /// Time spent away (idle) was counted as run time after all; `amount` says how much.
    case credited
    /// The user (or a signal) stopped the run before the end.
    case stopped
  }

  public var kind: Kind
  /// The segment it belongs to, from 1.
  public var segment: Int?
  /// When it was due, in milliseconds of the run's clock since the start.
  public var due: Int64
  /// How much later than `due` it fired, in milliseconds.
  public var late: Int64
  /// Routine time at the event: time spent in timed segments, without user pauses or waits.
  public var elapsed: Int64
  /// The routine's timed length as it stands (adjustments and skips change it).
  public var total: Int64
  /// The milestone's or reminder's label.
  public var label: String?
  /// For a milestone: the fraction of the routine it marks.
  public var fraction: Double?
  /// For `adjusted`: the change in milliseconds; for a manual segment's end: the time it waited.
  public var amount: Int64?
  /// For `adjusted`: the labels of the reminders that no longer fit in the shortened segment.
  public var dropped: [String]?

  public init(
    kind: Kind, segment: Int? = nil, due: Int64, late: Int64 = 0, elapsed: Int64, total: Int64,
    label: String? = nil, fraction: Double? = nil, amount: Int64? = nil
  ) {
    self.kind = kind
    self.segment = segment
    self.due = due
    self.late = late
    self.elapsed = elapsed
    self.total = total
    self.label = label
    self.fraction = fraction
    self.amount = amount
  }

  /// Routine time still to go.
  public var remaining: Int64 { max(0, total - elapsed) }
}
