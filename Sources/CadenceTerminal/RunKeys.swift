import CadenceCore

/// What the keys of a run do: the same on the full-screen view, on lines typed in plain mode,
/// and on a view attached to a background run.
public enum RunKeys {
  /// The command a key asks for; nil for keys that only change the view (or nothing).
  public static func command(for key: KeyReader.Key) -> EngineCommand? {
    switch key {
    case .enter: return .complete
    case .character(" "), .character("p"): return .togglePause
    case .character("n"): return .skip
    case .character("+"), .character("="): return .adjust(60_000)
    case .character("-"), .character("_"): return .adjust(-60_000)
    case .character("q"), .character("Q"): return .stop
    default: return nil
    }
  }

  /// The command a key asks of a timer's or a focus session's countdown (`countdown`), or of
  /// a routine's run: a countdown takes only pause and stop while it counts, as its own view
  /// does (seed 002), so its skip, adjust and Enter keys do nothing.
  public static func command(for key: KeyReader.Key, countdown: Bool) -> EngineCommand? {
    let command = command(for: key)
    guard countdown else { return command }
    switch command {
    case .togglePause?, .stop?: return command
    default: return nil
    }
  }
}
