import CadenceCore
import CadenceDesktop

/// The sound and notification channels of a run: milestones, reminders and manual steps get
/// a bing and a notification, as does the end of a break and the finish; the starts of steps
/// get a bing. The run's notifier decides the notification's urgency and buttons from the
/// moment it is told of.
public final class SignalOutput: RunOutput {
  private let sound: SoundPlayer
  private let notifier: Notifier?
  private let run: NotificationMoment.Run
  private let mandatory: Bool
  private var previousKind: SegmentKind?

  /// The channels of a run of kind `run` (a task's mandatory break when `mandatory`).
  public init(
    sound: SoundPlayer, notifier: Notifier?, run: NotificationMoment.Run = .routine,
    mandatory: Bool = false
  ) {
    self.sound = sound
    self.notifier = notifier
    self.run = run
    self.mandatory = mandatory
  }

  public func present(_ update: RunUpdate) {
    for narration in update.narrations { signal(narration) }
  }

  public func notice(_ text: String) {}

  public func finish(_ engine: Engine) {}

  /// Whether `narration` rings (the bing, or the terminal bell in its stead).
  public static func rings(_ narration: Narration) -> Bool {
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
    var notify: NotificationMoment.Event?
    var endsRest = false
    let kind = narration.context.step?.kind
    switch event.kind {
    case .milestone, .reminder, .finish:
      ring = true
      notify = event.kind == .milestone ? .quarter : event.kind == .reminder ? .reminder : .finish
    case .segmentStart:
      ring = true
      endsRest = kind == .work && previousKind == .pause
      if kind == .manual || endsRest { notify = .stepStart }
      previousKind = kind
    default:
      break
    }
    if ring, Self.rings(narration) { sound.play() }
    if let notify, let notifier, let text = narration.message {
      let phase: NotificationMoment.Phase =
        run == .rest || kind == .pause ? .rest : kind == .manual ? .manual : .work
      notifier.notify(
        title: narration.title ?? "Cadence · \(narration.context.routine)", body: text,
        moment: NotificationMoment(
          event: notify, run: run, phase: phase, endsRest: endsRest, mandatory: mandatory,
          chosenUrgency: narration.chosenUrgency))
      // The run is over: its last word is on its way before the session is recorded, as the
      // run's end no longer waits on anything (a moment at most).
      if notify == .finish { notifier.flush() }
    }
  }
}
