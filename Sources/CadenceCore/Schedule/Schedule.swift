/// A compiled routine: a flat, ordered list of segments and the instant events among them.
public struct Schedule: Sendable, Equatable, Codable {
  public var name: String
  public var segments: [Segment]
  /// Milestones and reminders, ordered by time, milestones before reminders at one instant.
  public var events: [ScheduleEvent]
  /// The timed length: the sum of the segments' durations.
  public var total: Int64
  public var parameters: [Parameter]
  public var hooks: Set<HookName>
  /// The routine's tags, carried to the sessions it records.
  public var tags: [String]
  /// The voice of the default messages; nil (a schedule kept before themes) is neutral.
  public var theme: MessageTheme?

  public init(
    name: String, segments: [Segment], events: [ScheduleEvent], total: Int64,
    parameters: [Parameter] = [], hooks: Set<HookName> = [], tags: [String] = [],
    theme: MessageTheme? = nil
  ) {
    self.name = name
    self.segments = segments
    self.events = events
    self.total = total
    self.parameters = parameters
    self.hooks = hooks
    self.tags = tags
    self.theme = theme
  }

  /// The label a milestone at `fraction` carries: "25%", "33.3%", "100%".
  public static func milestoneLabel(_ fraction: Double) -> String {
    let tenths = (fraction * 1000).rounded()
    let whole = Int(tenths) / 10
    let rest = Int(tenths) % 10
    return rest == 0 ? "\(whole)%" : "\(whole).\(rest)%"
  }
}
