/// What becomes of the time a person was away from a focus that paused itself, when nobody is
/// there to ask (`--plain`, `--json`, the background): the `idle.return` setting.
public enum IdleReturn: String, Sendable, CaseIterable {
  /// Counted as focus after all, as if the focus had not paused.
  case keep
  /// Not counted: the pause stands (the default).
  case discard
}
