import CadenceCore

/// What a run is notifying about, as the urgency and the actions depend on it: which event,
/// in which kind of run, and in which kind of step the run is after it.
public struct NotificationMoment: Sendable, Equatable {
  /// The event.
  public enum Event: Sendable, Equatable {
    /// A quarter point (a milestone).
    case quarter
    case reminder
    /// A step that starts: a manual step, or work after a rest.
    case stepStart
    /// The end of the run.
    case finish
  }

  /// The kind of run.
  public enum Run: Sendable, Equatable {
    case routine
    case timer
    case focus
    /// A focus session's break.
    case rest
  }

  /// The kind of step the run is in after the event.
  public enum Phase: Sendable, Equatable {
    case work
    /// A routine's pause step, or a focus session's break.
    case rest
    /// A manual step, which waits to be marked done.
    case manual
  }

  public var event: Event
  public var run: Run
  public var phase: Phase
  /// Whether the event ends a rest: a routine's work that follows a pause.
  public var endsRest: Bool
  /// A task's mandatory break, which cannot be skipped or shortened.
  public var mandatory: Bool
  /// The urgency the routine's hook chose, if it chose one: it stands.
  public var chosenUrgency: HookResult.Urgency?

  public init(
    event: Event, run: Run, phase: Phase, endsRest: Bool = false, mandatory: Bool = false,
    chosenUrgency: HookResult.Urgency? = nil
  ) {
    self.event = event
    self.run = run
    self.phase = phase
    self.endsRest = endsRest
    self.mandatory = mandatory
    self.chosenUrgency = chosenUrgency
  }

  /// Whether it marks the end of a break: the finish of a focus session's break, or a
  /// routine's work after a pause.
  public var endsBreak: Bool { endsRest || (run == .rest && event == .finish) }

  /// How urgent it is: what the hook chose; else critical at the end of a break (it stays
  /// until seen), low at a quarter point, normal otherwise.
  public var urgency: HookResult.Urgency {
    if let chosenUrgency { return chosenUrgency }
    if endsBreak { return .critical }
    return event == .quarter ? .low : .normal
  }

  /// The buttons it offers: "Start focus" when a break has ended; while the run goes on,
  /// "Skip break" on a break or a rest (not a mandatory one) and "+5 min" on a focus, a timer
  /// or a timed step; none at the end of any other run, or on a manual step.
  public var actions: [NotificationAction] {
    if event == .finish { return run == .rest ? [.startFocus] : [] }
    switch phase {
    case .manual: return []
    case .rest:
      if mandatory { return [] }
      return run == .routine ? [.skipBreak, .addFiveMinutes] : [.skipBreak]
    case .work: return [.addFiveMinutes]
    }
  }

  /// The notification for this moment with `title` and `body`.
  public func notification(title: String, body: String) -> DesktopNotification {
    DesktopNotification(title: title, body: body, urgency: urgency, actions: actions)
  }
}
