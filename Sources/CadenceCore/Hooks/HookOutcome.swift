/// What calling a hook gave.
public enum HookOutcome: Sendable, Equatable {
  /// The hook returned a message (and maybe a title, sound and urgency).
  case message(HookResult)
  /// The routine has no such hook, or it returned nothing: use a default message.
  case nothing
  /// The hook failed: the sentence says where (`file:line` when Lua knows it) and what.
  case failed(String)
}
