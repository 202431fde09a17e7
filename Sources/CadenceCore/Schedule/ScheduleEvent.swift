/// An instant of a schedule that is not a segment boundary: a milestone or a reminder.
///
/// At one instant, events happen in this documented order: the end of the segment that ends,
/// then milestones, then reminders, then the start of the segment that starts.
public struct ScheduleEvent: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Equatable, Codable {
    case milestone
    case reminder
  }

  public var kind: Kind
  /// Routine time in milliseconds.
  public var at: Int64
  public var label: String
  /// For a milestone: the fraction of the routine's timed length, in (0, 1].
  public var fraction: Double?
  /// For a reminder: the index of the segment it falls in.
  public var segment: Int?

  public init(kind: Kind, at: Int64, label: String, fraction: Double? = nil, segment: Int? = nil) {
    self.kind = kind
    self.at = at
    self.label = label
    self.fraction = fraction
    self.segment = segment
  }
}
