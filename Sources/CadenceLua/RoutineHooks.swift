import CLua
import CLuaSandbox
import CadenceCore

/// Calls a loaded routine's hooks in its sandbox, each under a fresh budget. A hook that fails
/// is reported once and not called again: the default message serves from then on.
///
/// Not thread-safe: one thread at a time (the hook worker owns it while a routine runs).
public final class RoutineHooks {
  public let file: RoutineFile
  public let limits: HookLimits
  public let available: Set<HookName>
  public private(set) var failed: Set<HookName> = []

  public init(file: RoutineFile, hooks: Set<HookName>, limits: HookLimits = HookLimits()) {
    self.file = file
    self.limits = limits
    self.available = hooks
  }

  /// Calls `hook` with `context`. Returns `.nothing` for a hook the routine lacks or one that
  /// failed before.
  public func call(_ hook: HookName, context: HookContext) -> HookOutcome {
    guard available.contains(hook), !failed.contains(hook) else { return .nothing }
    var builder = HookFieldBuilder()
    Self.describe(context, into: &builder)
    var outcome = cadence_hook_outcome()
    builder.withFields { fields, count in
      cadence_sandbox_call_hook(
        file.sandbox.state, RoutineFile.registryKey, hook.rawValue, fields, count,
        Int64(limits.instructions), limits.seconds, &outcome)
    }
    defer { cadence_hook_outcome_free(&outcome) }
    let text = { (pointer: UnsafeMutablePointer<CChar>?) in pointer.map { String(cString: $0) } }
    switch outcome.status {
    case Int32(CADENCE_HOOK_MESSAGE.rawValue):
      let urgency = text(outcome.urgency).flatMap { HookResult.Urgency(rawValue: $0.lowercased()) }
      return .message(
        HookResult(
          message: text(outcome.message) ?? "", title: text(outcome.title),
          sound: text(outcome.sound), urgency: urgency ?? .normal))
    case Int32(CADENCE_HOOK_NOTHING.rawValue), Int32(CADENCE_HOOK_MISSING.rawValue):
      return .nothing
    default:
      failed.insert(hook)
      return .failed(describe(outcome, hook: hook, message: text(outcome.error) ?? "failed"))
    }
  }

  private func describe(_ outcome: cadence_hook_outcome, hook: HookName, message: String)
    -> String
  {
    let chunk = file.path
    let restored = LuaSandbox.restoringPaths(message, chunk: chunk)
    let location = LuaSandbox.location(in: restored, chunk: chunk)
    let prefix = location ?? "\(chunk):"
    let suffix = "; Cadence's own messages stand in for it from now on"
    switch Int(outcome.trip) {
    case Int(CADENCE_TRIP_INSTRUCTIONS.rawValue):
      return
        "\(prefix) \(hook.rawValue) ran past its budget of \(limits.instructions) instructions\(suffix)"
    case Int(CADENCE_TRIP_DEADLINE.rawValue):
      return
        "\(prefix) \(hook.rawValue) ran past its time allowance of \(LuaError.formatSeconds(limits.seconds))\(suffix)"
    case Int(CADENCE_TRIP_MEMORY.rawValue):
      return "\(prefix) \(hook.rawValue) ran out of memory\(suffix)"
    default:
      break
    }
    if Int(outcome.status) == Int(CADENCE_HOOK_GARBAGE.rawValue) {
      return "\(prefix) \(hook.rawValue) \(message)\(suffix)"
    }
    if let location {
      let detail = restored.dropFirst(location.count).drop { $0 == " " }
      return "\(location) \(hook.rawValue) failed: \(detail)\(suffix)"
    }
    return "\(prefix) \(hook.rawValue) failed: \(restored)\(suffix)"
  }

  /// Writes the context table a hook receives.
  static func describe(_ context: HookContext, into builder: inout HookFieldBuilder) {
    func step(_ key: StaticString, _ step: HookContext.Step) {
      builder.begin(key)
      builder.string("name", step.name)
      builder.string("kind", step.kind.rawValue)
      builder.integer("index", Int64(step.index))
      builder.integer("duration", step.duration / 1000)
      builder.integer("duration_ms", step.duration)
      builder.end()
    }
    builder.string("routine", context.routine)
    builder.string("event", context.event)
    if let current = context.step {
      step("step", current)
      builder.string("name", current.name)
      builder.string("kind", current.kind.rawValue)
      builder.integer("index", Int64(current.index))
    }
    if let next = context.next { step("next", next) }
    builder.integer("round", Int64(context.round))
    builder.integer("rounds", Int64(context.rounds))
    builder.integer("elapsed", context.elapsed / 1000)
    builder.integer("elapsed_ms", context.elapsed)
    builder.integer("remaining", context.remaining / 1000)
    builder.integer("remaining_ms", context.remaining)
    builder.integer("total_ms", context.total)
    builder.number("percent", context.percent)
    builder.integer("count", Int64(context.segmentCount))
    if let label = context.label { builder.string("label", label) }
    builder.begin("params")
    for parameter in context.parameters {
      switch parameter.value {
      case .integer(let value): builder.integer(dynamic: parameter.name, value)
      case .number(let value): builder.number(dynamic: parameter.name, value)
      case .string(let value): builder.string(dynamic: parameter.name, value)
      case .boolean(let value): builder.boolean(dynamic: parameter.name, value)
      }
    }
    builder.end()
  }
}
