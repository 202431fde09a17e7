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
  private var bank = MessageBank()

  public init(hooks: HookCaller?) {
    self.hooks = hooks
  }

  public func narrate(_ event: EngineEvent, engine: Engine) -> Narration {
    let context = HookContext(event: event, engine: engine)
    var narration = Narration(event: event, context: context)
    let speaks =
      HookContext.hook(for: event, segments: engine.schedule.segments) != nil
      || context.event == "manual"
    guard speaks else { return narration }
    if let hook = HookContext.hook(for: event, segments: engine.schedule.segments), let hooks {
      switch hooks.call(hook, context: context) {
      case .message(let result) where !result.message.isEmpty:
        narration.message = result.message
        narration.title = result.title
        narration.sound = result.sound
        narration.urgency = result.urgency
        return narration
      case .failed(let sentence):
        narration.hookFailure = sentence
      default:
        break
      }
    }
    narration.message = bank.message(for: context)
    if event.kind == .milestone || context.event == "manual" { narration.urgency = .normal }
    return narration
  }

  /// What the hooks printed since the last call, each line on one line and cut to a sensible
  /// width, at most `printedLines` of them (a last line says when more were cut).
  public func printed() -> [String] {
    guard let hooks else { return [] }
    let taken = hooks.takePrinted()
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
