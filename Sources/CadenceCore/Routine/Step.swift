/// One entry of an explicit routine: a timed or manual segment, or a block of repeated steps.
public enum Step: Sendable, Equatable {
  case segment(SegmentStep)
  case block(BlockStep)
}

/// A single segment as the routine wrote it.
public struct SegmentStep: Sendable, Equatable {
  public var name: String
  public var kind: SegmentKind
  /// Zero for a manual step.
  public var duration: Int64
  /// For a manual step: count the time past its start while it waits.
  public var overtime: Bool
  public var reminders: [ReminderRule]
  /// A focus step (`focus = true`): the desktop's notifications are paused while it counts
  /// when the `dnd` setting is on.
  public var focus: Bool

  public init(
    name: String, kind: SegmentKind, duration: Int64, overtime: Bool = false,
    reminders: [ReminderRule] = [], focus: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.duration = duration
    self.overtime = overtime
    self.reminders = reminders
    self.focus = focus
  }
}

/// Steps repeated `rounds` times, with `between` steps after every round but the last.
public struct BlockStep: Sendable, Equatable {
  public var name: String?
  public var rounds: Int
  public var steps: [Step]
  public var between: [Step]

  public init(name: String? = nil, rounds: Int, steps: [Step], between: [Step] = []) {
    self.name = name
    self.rounds = rounds
    self.steps = steps
    self.between = between
  }
}
