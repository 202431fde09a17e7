import CadenceCore

/// An engine event with what Cadence says about it.
struct Narration: Sendable {
  var event: EngineEvent
  var context: HookContext
  /// The message to show, from the hook or the bank; nil for events that carry none.
  var message: String?
  var title: String?
  var sound: String?
  var urgency: HookResult.Urgency
  /// Set the first time a hook fails: the sentence to report.
  var hookFailure: String?
}
