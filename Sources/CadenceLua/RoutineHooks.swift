import CLuaSandbox
import CadenceCore

/// Calls a loaded routine's hooks in its worker, each under a fresh budget. A hook that fails
/// is reported once and not called again: the default message serves from then on. When the
/// worker itself has to be stopped (a hook ran past its deadline, stuck in a C function say)
/// or dies, that is reported once and the hooks stay off for the rest of the run.
///
/// Cadence never waits on a call longer than the hook's allowance and its grace.
/// Not thread-safe: one thread at a time (the presenter owns it while a routine runs).
public final class RoutineHooks {
  public let file: RoutineFile
  public let limits: HookLimits
  public let available: Set<HookName>
  public private(set) var failed: Set<HookName> = []
  /// Why the worker was stopped, once it was: no hook runs after that.
  public private(set) var stopped: WorkerFailure?
  private var pending: (lines: [String], truncated: Bool) = ([], false)
  /// The time the calls have taken so far, against `limits.total`.
  private var spent = 0.0

  public init(file: RoutineFile, hooks: Set<HookName>, limits: HookLimits = HookLimits()) {
    self.file = file
    self.limits = limits
    self.available = hooks
  }

  /// Calls `hook` with `context`. Returns `.nothing` for a hook the routine lacks, one that
  /// failed before, or every hook once the worker was stopped. What it printed waits for
  /// `takePrinted`.
  public func call(_ hook: HookName, context: HookContext) -> HookOutcome {
    let made = callAll([(hook, context)])[0]
    pending.lines += made.printed.lines
    pending.truncated = pending.truncated || made.printed.truncated
    return made.outcome
  }

  /// What the hooks printed since the last call, line by line.
  public func takePrinted() -> (lines: [String], truncated: Bool) {
    defer { pending = ([], false) }
    return pending
  }

  public var isStopped: Bool { stopped != nil }

  /// Calls each hook in turn with its context, in as few requests as can be: for `simulate`,
  /// which knows every event in advance.
  public func callAll(_ calls: [(hook: HookName, context: HookContext)]) -> [HookCall] {
    var made = [HookCall](
      repeating: HookCall(outcome: .nothing, printed: ([], false)), count: calls.count)
    let wanted = calls.indices.filter { available.contains(calls[$0].hook) }
    var start = 0
    while start < wanted.count, stopped == nil {
      let batch = Array(wanted[start..<min(start + WorkerProtocol.batchLimit, wanted.count)])
      start += batch.count
      let live = batch.filter { !failed.contains(calls[$0].hook) }
      guard !live.isEmpty else { continue }
      var request = WireWriter(.hooks, capacity: 512 * live.count)
      request.u32(UInt32(live.count))
      for index in live {
        request.i64(Int64(limits.instructions))
        request.f64(limits.seconds)
        request.name(calls[index].hook.rawValue)
        var builder = HookFieldBuilder()
        Self.describe(calls[index].context, into: &builder)
        builder.append(to: &request)
      }
      let raw: [WorkerReply.RawHookOutcome]
      let allowed = Double(live.count) * limits.seconds + limits.grace
      let left = limits.total.map { $0 + limits.grace - spent } ?? allowed
      let began = ContinuousClock.now
      do {
        raw = try exchange(request.frame(), calls: live.count, seconds: min(allowed, left))
        let took = (ContinuousClock.now - began).components
        spent += Double(took.seconds) + Double(took.attoseconds) * 1e-18
      } catch {
        stopped = error
        let blamed = live.count == 1 ? calls[live[0]].hook.rawValue : "a hook"
        made[live[0]].outcome = .failed(
          left < allowed && error == .timedOut(seconds: max(left, 0))
            ? overTotal() : sentence(for: error, hook: blamed))
        break
      }
      for (index, outcome) in zip(live, raw) {
        // A hook that failed earlier in this batch is off from then on, as it would be had
        // its calls been sent one by one: its failure is told once, not at every call.
        guard !failed.contains(calls[index].hook) else { continue }
        made[index] = HookCall(
          outcome: self.outcome(outcome, hook: calls[index].hook),
          printed: (Self.lines(outcome.printed), outcome.printedTruncated))
      }
    }
    return made
  }

  static func lines(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
  }

  private func exchange(_ frame: [UInt8], calls: Int, seconds: Double) throws(WorkerFailure)
    -> [WorkerReply.RawHookOutcome]
  {
    let reply = try file.worker.request(
      frame, limit: calls * WorkerProtocol.outcomeLimit + 16, seconds: max(seconds, 0),
      calls: calls)
    guard case .hooks(let outcomes) = reply else {
      throw file.worker.stop(because: .malformed("a load reply to a hook call"))
    }
    return outcomes
  }

  /// The hooks together took longer than `limits.total` allows.
  private func overTotal() -> String {
    let total = LuaError.formatSeconds(limits.total ?? 0)
    return
      "\(file.path): the hooks took longer than the \(total) allowed for all of them together and were stopped; Cadence's own messages stand in for the rest (make the hooks do less)"
  }

  private func sentence(for failure: WorkerFailure, hook: String) -> String {
    let what: String
    switch failure {
    case .timedOut:
      what =
        "ran past its time allowance of \(LuaError.formatSeconds(limits.seconds)) and was stopped"
    default:
      what = failure.summary
    }
    return
      "\(file.path): \(hook) \(what); hooks are off for the rest of the run and Cadence's own messages stand in; \(failure.advice)"
  }

  private func outcome(_ outcome: WorkerReply.RawHookOutcome, hook: HookName) -> HookOutcome {
    switch outcome.status {
    case Int32(CADENCE_HOOK_MESSAGE.rawValue):
      let urgency = outcome.urgency.flatMap { HookResult.Urgency(rawValue: $0.lowercased()) }
      var actions: [HookAction] = []
      for (index, raw) in (outcome.actions ?? []).enumerated() {
        switch raw.hookAction(index: index + 1) {
        case .success(let action): actions.append(action)
        case .failure(let problem):
          failed.insert(hook)
          return .failed(
            "\(file.path): \(hook.rawValue) returned \(problem.sentence); Cadence's own messages stand in for it from now on"
          )
        }
      }
      return .message(
        HookResult(
          message: outcome.message ?? "", title: outcome.title, sound: outcome.sound,
          urgency: urgency, actions: actions))
    case Int32(CADENCE_HOOK_NOTHING.rawValue), Int32(CADENCE_HOOK_MISSING.rawValue):
      return .nothing
    default:
      failed.insert(hook)
      return .failed(describe(outcome, hook: hook, message: outcome.error ?? "failed"))
    }
  }

  private func describe(_ outcome: WorkerReply.RawHookOutcome, hook: HookName, message: String)
    -> String
  {
    let chunk = file.path
    let restored = ChunkNames.restoringPaths(message, chunk: chunk)
    let location = ChunkNames.location(in: restored, chunk: chunk)
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
