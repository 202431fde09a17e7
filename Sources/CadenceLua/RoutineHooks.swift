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
    let arena = CStringArena()
    let fields = Self.fields(for: context, arena: arena)
    var outcome = cadence_hook_outcome()
    fields.withUnsafeBufferPointer { buffer in
      cadence_sandbox_call_hook(
        file.sandbox.state, RoutineFile.registryKey, hook.rawValue, buffer.baseAddress,
        Int32(buffer.count), Int64(limits.instructions), limits.seconds, &outcome)
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

  static func fields(for context: HookContext, arena: CStringArena) -> [cadence_hook_field] {
    var fields: [cadence_hook_field] = []
    func key(_ name: String) -> UnsafePointer<CChar> { arena.copy(name).pointer }
    func string(_ name: String, _ value: String) {
      let copy = arena.copy(value)
      fields.append(
        cadence_hook_field(
          key: key(name), type: Int32(CADENCE_FIELD_STRING.rawValue), text: copy.pointer,
          length: copy.length, integer: 0, number: 0))
    }
    func integer(_ name: String, _ value: Int64) {
      fields.append(
        cadence_hook_field(
          key: key(name), type: Int32(CADENCE_FIELD_INTEGER.rawValue), text: nil, length: 0,
          integer: value, number: 0))
    }
    func number(_ name: String, _ value: Double) {
      if value == value.rounded(), abs(value) < 1e15 {
        integer(name, Int64(value))
      } else {
        fields.append(
          cadence_hook_field(
            key: key(name), type: Int32(CADENCE_FIELD_NUMBER.rawValue), text: nil, length: 0,
            integer: 0, number: value))
      }
    }
    func boolean(_ name: String, _ value: Bool) {
      fields.append(
        cadence_hook_field(
          key: key(name), type: Int32(CADENCE_FIELD_BOOLEAN.rawValue), text: nil, length: 0,
          integer: value ? 1 : 0, number: 0))
    }
    func begin(_ name: String) {
      fields.append(
        cadence_hook_field(
          key: key(name), type: Int32(CADENCE_FIELD_BEGIN.rawValue), text: nil, length: 0,
          integer: 0, number: 0))
    }
    func end() {
      fields.append(
        cadence_hook_field(
          key: nil, type: Int32(CADENCE_FIELD_END.rawValue), text: nil, length: 0, integer: 0,
          number: 0))
    }
    func step(_ name: String, _ step: HookContext.Step) {
      begin(name)
      string("name", step.name)
      string("kind", step.kind.rawValue)
      integer("index", Int64(step.index))
      integer("duration", step.duration / 1000)
      integer("duration_ms", step.duration)
      end()
    }

    string("routine", context.routine)
    string("event", context.event)
    if let current = context.step {
      step("step", current)
      string("name", current.name)
      string("kind", current.kind.rawValue)
      integer("index", Int64(current.index))
    }
    if let next = context.next { step("next", next) }
    integer("round", Int64(context.round))
    integer("rounds", Int64(context.rounds))
    integer("elapsed", context.elapsed / 1000)
    integer("elapsed_ms", context.elapsed)
    integer("remaining", context.remaining / 1000)
    integer("remaining_ms", context.remaining)
    integer("total_ms", context.total)
    number("percent", context.percent)
    integer("count", Int64(context.segmentCount))
    if let label = context.label { string("label", label) }
    begin("params")
    for parameter in context.parameters {
      switch parameter.value {
      case .integer(let value): integer(parameter.name, value)
      case .number(let value): number(parameter.name, value)
      case .string(let value): string(parameter.name, value)
      case .boolean(let value): boolean(parameter.name, value)
      }
    }
    end()
    return fields
  }
}
