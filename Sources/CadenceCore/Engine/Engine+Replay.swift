extension Engine {
  /// A user action as a run records it, to be replayed after the process died.
  public struct RecordedAction: Sendable, Equatable {
    /// Milliseconds since the run started.
    public var at: Int64
    public var name: String
    public var amount: Int64?

    public init(at: Int64, name: String, amount: Int64? = nil) {
      self.at = at
      self.name = name
      self.amount = amount
    }

    var command: EngineCommand? {
      switch name {
      case "pause": return .pause
      case "resume": return .resume
      case "skip": return .skip
      case "complete": return .complete
      case "stop": return .stop
      case "adjust": return amount.map { .adjust($0) }
      case "credit": return amount.map { .credit($0) }
      default: return nil
      }
    }
  }

  /// The action to record for `event`, if it was the user's doing.
  public func recordedAction(for event: EngineEvent) -> RecordedAction? {
    switch event.kind {
    case .paused: return RecordedAction(at: event.due, name: "pause")
    case .resumed: return RecordedAction(at: event.due, name: "resume")
    case .skipped: return RecordedAction(at: event.due, name: "skip")
    case .adjusted: return RecordedAction(at: event.due, name: "adjust", amount: event.amount)
    case .credited: return RecordedAction(at: event.due, name: "credit", amount: event.amount)
    case .stopped: return RecordedAction(at: event.due, name: "stop")
    case .segmentEnd:
      guard let index = event.segment, schedule.segments[index - 1].kind == .manual else {
        return nil
      }
      return RecordedAction(at: event.due, name: "complete")
    default: return nil
    }
  }

  /// Rebuilds a run from its start and the user's actions, then brings it up to `now`
  /// (milliseconds since the start): everything that fell due meanwhile fires, once, in order.
  public static func replay(schedule: Schedule, actions: [RecordedAction], until now: Int64)
    -> (engine: Engine, events: [EngineEvent])
  {
    var engine = Engine(schedule: schedule)
    var events = engine.start(at: 0)
    for action in actions where action.at <= now {
      guard let command = action.command else { continue }
      events += engine.apply(command, at: action.at)
    }
    events += engine.advance(to: now)
    return (engine, events)
  }
}
