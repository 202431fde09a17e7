import CadenceCore
import CadenceLua

/// Turns engine events into narrations: calls the routine's hook for each event that has one,
/// and falls back on the message bank when there is no hook, it returns nothing, or it fails.
///
/// Not thread-safe: simulate calls it directly; run calls it on one serial queue.
final class EventNarrator {
  private let hooks: RoutineHooks?
  private var bank = MessageBank()

  init(hooks: RoutineHooks?) {
    self.hooks = hooks
  }

  func narrate(_ event: EngineEvent, engine: Engine) -> Narration {
    let context = HookContext(event: event, engine: engine)
    var narration = Narration(
      event: event, context: context, message: nil, title: nil, sound: nil, urgency: .normal,
      hookFailure: nil)
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
}
