import CadenceCore
import CadenceRuntime

/// The sound and notification channels of a run: milestones, reminders and manual steps get
/// a bing and a notification, as does the end of a break and the finish; the starts of steps
/// get a bing.
final class SignalOutput: RunOutput {
  private let sound: SoundPlayer
  private let notifier: DesktopNotifier
  private var previousKind: SegmentKind?

  init(sound: SoundPlayer, notifier: DesktopNotifier) {
    self.sound = sound
    self.notifier = notifier
  }

  func present(_ update: RunUpdate) {
    for narration in update.narrations { signal(narration) }
  }

  func notice(_ text: String) {}

  func finish(_ engine: Engine) {}

  /// Whether `narration` rings (the bing, or the terminal bell in its stead).
  static func rings(_ narration: Narration) -> Bool {
    switch narration.event.kind {
    case .milestone, .reminder, .finish, .segmentStart:
      return narration.sound?.lowercased() != "none"
    default:
      return false
    }
  }

  private func signal(_ narration: Narration) {
    let event = narration.event
    var ring = false
    var notify = false
    switch event.kind {
    case .milestone, .reminder, .finish:
      ring = true
      notify = true
    case .segmentStart:
      let kind = narration.context.step?.kind
      ring = true
      notify = kind == .manual || (kind == .work && previousKind == .pause)
      previousKind = kind
    default:
      break
    }
    if ring, Self.rings(narration) { sound.play() }
    if notify, let text = narration.message {
      notifier.notify(
        title: narration.title ?? "Cadence · \(narration.context.routine)", message: text,
        urgency: narration.urgency)
    }
  }
}
