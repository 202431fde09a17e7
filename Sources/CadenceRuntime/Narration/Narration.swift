import CadenceCore

/// An engine event with what Cadence says about it.
public struct Narration: Sendable {
  public var event: EngineEvent
  public var context: HookContext
  /// The message to show, from the hook or the bank; nil for events that carry none.
  public var message: String?
  public var title: String?
  public var sound: String?
  public var urgency: HookResult.Urgency
  /// The urgency the routine's hook named, if it named one.
  public var chosenUrgency: HookResult.Urgency?
  /// Set the first time a hook fails: the sentence to report.
  public var hookFailure: String?
  /// Commands the hook asked to run (run only for a trusted routine).
  public var actions: [HookAction] = []

  public init(
    event: EngineEvent, context: HookContext, message: String? = nil, title: String? = nil,
    sound: String? = nil, urgency: HookResult.Urgency = .normal, hookFailure: String? = nil
  ) {
    self.event = event
    self.context = context
    self.message = message
    self.title = title
    self.sound = sound
    self.urgency = urgency
    self.hookFailure = hookFailure
  }
}
