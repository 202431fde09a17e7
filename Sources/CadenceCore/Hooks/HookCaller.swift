/// Calls a routine's hooks: the one seam between a run and the code that answers its hooks
/// (a sandboxed worker process with a deadline the caller holds).
///
/// A run calls it from one queue at a time, never from the timing path.
public protocol HookCaller: AnyObject {
  /// Calls `hook` with `context`; `.nothing` for a hook the routine lacks or one that failed
  /// before.
  func call(_ hook: HookName, context: HookContext) -> HookOutcome

  /// What the hooks printed since the last call, as lines, and whether some were cut off.
  func takePrinted() -> (lines: [String], truncated: Bool)

  /// Calls each hook in turn, each with what it printed: for a run that knows its events in
  /// advance (simulate), which a caller may answer in fewer round trips than one a call.
  func callAll(_ calls: [(hook: HookName, context: HookContext)]) -> [HookCall]

  /// True once the code that answers the hooks had to be stopped (stuck or crashed): no hook
  /// runs after that.
  var isStopped: Bool { get }

  /// Whether the routine has `hook` at all: an event whose hook it lacks is narrated without
  /// calling anything, so without waiting.
  func defines(_ hook: HookName) -> Bool
}

/// One hook call's outcome with what it printed.
public struct HookCall: Sendable {
  public var outcome: HookOutcome
  public var printed: (lines: [String], truncated: Bool)

  public init(outcome: HookOutcome, printed: (lines: [String], truncated: Bool)) {
    self.outcome = outcome
    self.printed = printed
  }
}

extension HookCaller {
  public func takePrinted() -> (lines: [String], truncated: Bool) { ([], false) }

  public func callAll(_ calls: [(hook: HookName, context: HookContext)]) -> [HookCall] {
    calls.map { HookCall(outcome: call($0.hook, context: $0.context), printed: takePrinted()) }
  }

  public var isStopped: Bool { false }

  public func defines(_ hook: HookName) -> Bool { true }
}
