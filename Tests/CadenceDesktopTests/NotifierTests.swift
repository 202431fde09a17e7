import CadenceCore
import Synchronization
import Testing

@testable import CadenceDesktop

/// The notifier with a stand-in for notify-send: one notification a run, replaced in place;
/// buttons waited for off the caller's thread, one wait at a time; a chosen button reaches
/// the run.
@Suite(.timeLimit(.minutes(10))) struct NotifierTests {
  final class Commands: Sendable {
    let sent = Mutex<[EngineCommand]>([])
    var all: [EngineCommand] { sent.withLock { $0 } }
  }

  let work = NotificationMoment(event: .reminder, run: .routine, phase: .manual)
  let quarter = NotificationMoment(event: .quarter, run: .rest, phase: .rest)
  let rest = NotificationMoment(event: .reminder, run: .routine, phase: .rest)

  @Test func theFirstNotificationsIdIsReplacedByEachLaterOne() {
    let sender = RecordingSender()
    let notifier = Notifier(sender: sender) { _ in }
    notifier.notify(title: "Bread", body: "Knead", moment: work)
    notifier.notify(title: "Bread", body: "Prove", moment: work)
    notifier.notify(title: "Bread", body: "Bake", moment: work)
    notifier.finish()
    #expect(
      sender.calls == [
        .show(DesktopNotification(title: "Bread", body: "Knead"), replacing: nil),
        .show(DesktopNotification(title: "Bread", body: "Prove"), replacing: 7),
        .show(DesktopNotification(title: "Bread", body: "Bake"), replacing: 7),
      ])
    #expect(notifier.id == 7)
  }

  @Test func twoRunsHaveANotificationEach() {
    let sender = RecordingSender()
    let one = Notifier(sender: sender) { _ in }
    let two = Notifier(sender: sender) { _ in }
    one.notify(title: "One", body: "a", moment: work)
    one.finish()
    two.notify(title: "Two", body: "b", moment: work)
    two.finish()
    #expect(one.id == 7)
    #expect(two.id == 8)
  }

  @Test func notifyReturnsWhileTheDesktopIsSlow() {
    let sender = RecordingSender()
    let notifier = Notifier(sender: sender) { _ in }
    notifier.notify(title: "Break", body: "Rest", moment: quarter)
    // The button is being waited for (the stand-in waits until chosen), and notify returned.
    let calls = sender.calls { $0.count == 2 }
    #expect(
      calls.last
        == .awaitAction(
          DesktopNotification(title: "Break", body: "Rest", urgency: .low, actions: [.skipBreak]),
          replacing: 7))
    notifier.finish()
    #expect(sender.calls { _ in sender.stoppedWaits == 1 }.count == 2)
  }

  @Test func aChosenButtonActsOnTheRun() {
    let sender = RecordingSender()
    let commands = Commands()
    let notifier = Notifier(sender: sender) { command in
      commands.sent.withLock { $0.append(command) }
    }
    notifier.notify(title: "Break", body: "Rest", moment: quarter)
    _ = sender.calls { $0.count == 2 }
    sender.choose("skip-break")
    _ = sender.calls { _ in !commands.all.isEmpty }
    #expect(commands.all == [.stop])
    notifier.notify(title: "Routine", body: "Rest", moment: rest)
    _ = sender.calls { $0.count == 3 }
    sender.choose("add-5m")
    _ = sender.calls { _ in commands.all.count == 2 }
    #expect(commands.all == [.stop, .adjust(300_000)])
    notifier.finish()
  }

  @Test func aButtonTheNotificationDidNotOfferDoesNothing() {
    let sender = RecordingSender()
    let commands = Commands()
    let notifier = Notifier(sender: sender) { command in
      commands.sent.withLock { $0.append(command) }
    }
    notifier.notify(title: "Break", body: "Rest", moment: quarter)
    _ = sender.calls { $0.count == 2 }
    sender.choose("add-5m")
    notifier.notify(title: "Break", body: "Later", moment: quarter)
    _ = sender.calls { $0.count == 3 }
    notifier.finish()
    #expect(commands.all == [])
  }

  @Test func aNewNotificationStopsTheWaitOfTheOneBefore() {
    let sender = RecordingSender()
    let commands = Commands()
    let notifier = Notifier(sender: sender) { command in
      commands.sent.withLock { $0.append(command) }
    }
    notifier.notify(title: "Break", body: "A quarter", moment: quarter)
    _ = sender.calls { $0.count == 2 }
    notifier.notify(title: "Break", body: "Halfway", moment: quarter)
    // The first wait is over before the newest is sent, which alone is waited for, in the
    // first one's place.
    _ = sender.calls { $0.count == 3 }
    #expect(sender.stoppedWaits == 1)
    #expect(
      sender.calls.last
        == .awaitAction(
          DesktopNotification(
            title: "Break", body: "Halfway", urgency: .low, actions: [.skipBreak]),
          replacing: 7))
    sender.choose("skip-break")
    _ = sender.calls { _ in !commands.all.isEmpty }
    #expect(commands.all == [.stop])
    notifier.finish()
  }

  @Test func theEndOfABreakHandsStartFocusToAProcessThatOutlivesTheRun() {
    let sender = RecordingSender()
    let next = ["/usr/bin/cadence", "focus", "--detach", "--db", "/tmp/x.db"]
    let notifier = Notifier(sender: sender, nextFocus: next) { _ in }
    notifier.notify(
      title: "Break over", body: "Back to it",
      moment: .init(event: .finish, run: .rest, phase: .rest))
    notifier.finish()
    let ended = DesktopNotification(
      title: "Break over", body: "Back to it", urgency: .critical, actions: [.startFocus])
    var shown = ended
    shown.actions = []
    #expect(
      sender.calls == [
        .show(shown, replacing: nil),
        .handOff(ended, replacing: 7, action: .startFocus, then: next),
      ])
  }

  @Test func withoutANextFocusTheEndOfABreakHasNoButton() {
    let sender = RecordingSender()
    let notifier = Notifier(sender: sender) { _ in }
    notifier.notify(
      title: "Break over", body: "Back", moment: .init(event: .finish, run: .rest, phase: .rest))
    notifier.finish()
    #expect(
      sender.calls == [
        .show(
          DesktopNotification(title: "Break over", body: "Back", urgency: .critical), replacing: nil
        )
      ])
  }

  @Test func nothingIsSentAfterTheRunIsOver() {
    let sender = RecordingSender()
    let notifier = Notifier(sender: sender) { _ in }
    notifier.finish()
    notifier.notify(title: "Late", body: "x", moment: work)
    notifier.finish()
    #expect(sender.calls == [])
  }
}
