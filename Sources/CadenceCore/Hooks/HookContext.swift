/// What a hook is told about the moment it is called for: the table its function receives.
public struct HookContext: Sendable, Equatable {
  /// A segment as a hook sees it.
  public struct Step: Sendable, Equatable {
    public var index: Int
    public var name: String
    public var kind: SegmentKind
    public var duration: Int64
  }

  public var routine: String
  /// "start", "work", "pause", "manual", "milestone", "reminder" or "finish".
  public var event: String
  public var step: Step?
  public var next: Step?
  public var round: Int
  public var rounds: Int
  public var elapsed: Int64
  public var remaining: Int64
  public var total: Int64
  /// Progress in percent: the milestone's own for a milestone.
  public var percent: Double
  /// The milestone's or reminder's label.
  public var label: String?
  public var segmentCount: Int
  public var parameters: [Parameter]

  /// The context for `event`, which the engine in `engine` has just fired.
  public init(event: EngineEvent, engine: Engine) {
    let schedule = engine.schedule
    let segments = schedule.segments
    func step(_ position: Int) -> Step? {
      guard position >= 0, position < segments.count else { return nil }
      let segment = segments[position]
      return Step(
        index: segment.index, name: segment.name, kind: segment.kind, duration: segment.duration)
    }
    let position = (event.segment ?? (event.kind == .finish ? segments.count : 1)) - 1
    routine = schedule.name
    self.event = Self.name(of: event, segments: segments)
    self.step = step(position)
    next = step(position + 1)
    let segment = position < segments.count ? segments[position] : nil
    round = segment?.round ?? 1
    rounds = segment?.rounds ?? 1
    elapsed = event.elapsed
    total = event.total
    remaining = event.remaining
    if let fraction = event.fraction {
      percent = fraction * 100
    } else if event.total > 0 {
      percent = (Double(event.elapsed) * 100 / Double(event.total)).rounded(.down)
    } else {
      percent = 100
    }
    if event.kind == .finish { percent = 100 }
    label = event.label
    segmentCount = segments.count
    parameters = schedule.parameters
  }

  static func name(of event: EngineEvent, segments: [Segment]) -> String {
    switch event.kind {
    case .segmentStart:
      guard let index = event.segment, index <= segments.count else { return "work" }
      return segments[index - 1].kind.rawValue
    default:
      return event.kind.rawValue
    }
  }

  /// The hook called for `event`, if any: starts of timed and paused segments, milestones,
  /// reminders, the start and the finish.
  public static func hook(for event: EngineEvent, segments: [Segment]) -> HookName? {
    switch event.kind {
    case .start: return .onStart
    case .milestone: return .onQuarter
    case .reminder: return .onReminder
    case .finish: return .onFinish
    case .segmentStart:
      guard let index = event.segment, index <= segments.count else { return nil }
      switch segments[index - 1].kind {
      case .work: return .onWork
      case .pause: return .onPause
      case .manual: return nil
      }
    default: return nil
    }
  }
}
