import CadenceCore
import CadenceText

/// Turns engine events into narrations: calls the routine's hook for each event that has one,
/// and falls back on the message bank when there is no hook, it returns nothing, or it fails.
///
/// Not thread-safe: a virtual run calls it directly; a real-time run calls it on one serial
/// queue.
public final class EventNarrator {
  /// The most lines of a hook's `print` output shown for one event, and the longest line.
  public static let printedLines = 8
  public static let printedWidth = 200

  private let hooks: HookCaller?
  private var bank: MessageBank

  public init(hooks: HookCaller?, theme: MessageTheme? = nil) {
    self.hooks = hooks
    bank = MessageBank(theme: theme ?? .neutral)
  }

  public func narrate(_ event: EngineEvent, engine: Engine) -> Narration {
    let context = HookContext(event: event, engine: engine)
    guard let hook = HookContext.hook(for: event, segments: engine.schedule.segments), let hooks
    else {
      return finish(
        Narration(event: event, context: context), segments: engine.schedule.segments,
        outcome: nil)
    }
    return finish(
      Narration(event: event, context: context), segments: engine.schedule.segments,
      outcome: hooks.call(hook, context: context))
  }

  /// Narrates events known in advance (simulate's), their hooks called in one batch; each with
  /// the lines its hook printed, as `printed()` gives them.
  public func narrate(_ batch: [(event: EngineEvent, engine: Engine)])
    -> [(narration: Narration, printed: [String])]
  {
    var narrations: [Narration] = []
    var calls: [(hook: HookName, context: HookContext)] = []
    var caller: [Int: Int] = [:]
    narrations.reserveCapacity(batch.count)
    for (event, engine) in batch {
      let context = HookContext(event: event, engine: engine)
      if let hook = HookContext.hook(for: event, segments: engine.schedule.segments), hooks != nil {
        caller[narrations.count] = calls.count
        calls.append((hook, context))
      }
      narrations.append(Narration(event: event, context: context))
    }
    let made = calls.isEmpty ? [] : hooks?.callAll(calls) ?? []
    return narrations.indices.map { index in
      let call = caller[index].map { made[$0] }
      return (
        finish(
          narrations[index], segments: batch[index].engine.schedule.segments,
          outcome: call?.outcome),
        call.map { Self.lines($0.printed) } ?? []
      )
    }
  }

  /// The narration with its message: the hook's, or the bank's for an event that speaks.
  private func finish(_ narration: Narration, segments: [Segment], outcome: HookOutcome?)
    -> Narration
  {
    var narration = narration
    if let dropped = narration.event.dropped, let step = narration.context.step {
      narration.message = Self.droppedReminders(dropped, in: step.name)
      return narration
    }
    let speaks =
      HookContext.hook(for: narration.event, segments: segments) != nil
      || narration.context.event == "manual"
    guard speaks else { return narration }
    if case .message(let result)? = outcome { narration.actions = result.actions }
    switch outcome {
    case .message(let result)? where !result.message.isEmpty:
      narration.message = result.message
      narration.title = result.title
      narration.sound = result.sound
      narration.urgency = result.urgency ?? .normal
      narration.chosenUrgency = result.urgency
      return narration
    case .failed(let sentence)?:
      narration.hookFailure = sentence
    default:
      break
    }
    narration.message = bank.message(for: narration.context)
    if narration.event.kind == .milestone || narration.context.event == "manual" {
      narration.urgency = .normal
    }
    return narration
  }

  /// The notice of a shortening that left reminders out: "Shortened: the reminder Stir no
  /// longer fits in Simmer." or "…2 reminders (Stir, Taste) no longer fit…".
  static func droppedReminders(_ labels: [String], in step: String) -> String {
    var names: [String] = []
    for label in labels where !names.contains(label) { names.append(label) }
    let listed = names.joined(separator: ", ")
    return labels.count == 1
      ? "Shortened: the reminder \(listed) no longer fits in \(step)."
      : "Shortened: \(labels.count) reminders (\(listed)) no longer fit in \(step)."
  }

  /// What the hooks printed since the last call, each line on one line and cut to a sensible
  /// width, at most `printedLines` of them (a last line says when more were cut).
  public func printed() -> [String] {
    guard let hooks else { return [] }
    return Self.lines(hooks.takePrinted())
  }

  /// Printed lines each on one line, cut to a sensible width, at most `printedLines` of them.
  static func lines(_ taken: (lines: [String], truncated: Bool)) -> [String] {
    var lines = taken.lines.prefix(Self.printedLines).map { line in
      let flat = QuotedText.oneLine(line)
      return flat.count > Self.printedWidth
        ? String(flat.prefix(Self.printedWidth - 1)) + "…" : flat
    }
    if taken.lines.count > Self.printedLines || taken.truncated {
      lines.append("(more output was cut off)")
    }
    return lines
  }
}
