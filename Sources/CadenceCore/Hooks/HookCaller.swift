/// Calls a routine's hooks: the one seam between a run and the code that answers its hooks
/// (a Lua state in this process, or a sandboxed worker process with a deadline the caller
/// holds).
///
/// A run calls it from one queue at a time, never from the timing path.
public protocol HookCaller: AnyObject {
  /// Calls `hook` with `context`; `.nothing` for a hook the routine lacks or one that failed
  /// before.
  func call(_ hook: HookName, context: HookContext) -> HookOutcome

  /// What the hooks printed since the last call, as lines, and whether some were cut off.
  func takePrinted() -> (lines: [String], truncated: Bool)
}

extension HookCaller {
  public func takePrinted() -> (lines: [String], truncated: Bool) { ([], false) }
}
