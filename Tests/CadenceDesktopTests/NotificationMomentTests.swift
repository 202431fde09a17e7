import CadenceCore
import Testing

@testable import CadenceDesktop

/// The urgency and the buttons of each moment a run notifies about.
@Suite struct NotificationMomentTests {
  @Test func theEndOfABreakIsCriticalAndQuarterPointsAreLow() {
    #expect(NotificationMoment(event: .finish, run: .rest, phase: .rest).urgency == .critical)
    #expect(
      NotificationMoment(event: .stepStart, run: .routine, phase: .work, endsRest: true).urgency
        == .critical)
    #expect(NotificationMoment(event: .quarter, run: .focus, phase: .work).urgency == .low)
    #expect(NotificationMoment(event: .quarter, run: .rest, phase: .rest).urgency == .low)
    #expect(NotificationMoment(event: .finish, run: .focus, phase: .work).urgency == .normal)
    #expect(NotificationMoment(event: .reminder, run: .routine, phase: .work).urgency == .normal)
    #expect(
      NotificationMoment(event: .stepStart, run: .routine, phase: .manual).urgency == .normal)
  }

  @Test func aHooksOwnUrgencyStands() {
    for chosen in HookResult.Urgency.allCases {
      #expect(
        NotificationMoment(event: .quarter, run: .routine, phase: .work, chosenUrgency: chosen)
          .urgency == chosen)
      #expect(
        NotificationMoment(
          event: .stepStart, run: .routine, phase: .work, endsRest: true, chosenUrgency: chosen
        ).urgency == chosen)
    }
  }

  @Test func theButtonsFollowWhatTheRunIsIn() {
    #expect(NotificationMoment(event: .quarter, run: .rest, phase: .rest).actions == [.skipBreak])
    #expect(
      NotificationMoment(event: .quarter, run: .rest, phase: .rest, mandatory: true).actions
        == [])
    #expect(
      NotificationMoment(event: .reminder, run: .routine, phase: .rest).actions
        == [.skipBreak, .addFiveMinutes])
    #expect(
      NotificationMoment(event: .quarter, run: .focus, phase: .work).actions == [.addFiveMinutes])
    #expect(
      NotificationMoment(event: .reminder, run: .routine, phase: .work).actions
        == [.addFiveMinutes])
    #expect(
      NotificationMoment(event: .stepStart, run: .routine, phase: .work, endsRest: true).actions
        == [.addFiveMinutes])
    #expect(NotificationMoment(event: .stepStart, run: .routine, phase: .manual).actions == [])
    #expect(NotificationMoment(event: .finish, run: .rest, phase: .rest).actions == [.startFocus])
    #expect(NotificationMoment(event: .finish, run: .focus, phase: .work).actions == [])
    #expect(NotificationMoment(event: .finish, run: .routine, phase: .rest).actions == [])
  }

  @Test func eachButtonAsksTheRunWhatItsLabelSays() {
    #expect(NotificationAction.skipBreak.command(during: .rest) == .stop)
    #expect(NotificationAction.skipBreak.command(during: .routine) == .skip)
    #expect(NotificationAction.addFiveMinutes.command(during: .focus) == .adjust(300_000))
    #expect(NotificationAction.addFiveMinutes.command(during: .routine) == .adjust(300_000))
    #expect(NotificationAction.startFocus.command(during: .rest) == nil)
    #expect(NotificationAction.allCases.map(\.label) == ["Skip break", "+5 min", "Start focus"])
  }

  @Test func notifySendIsAskedForTheIdTheReplacementAndTheButtons() {
    let notification = DesktopNotification(
      title: "-w", body: "<b>", urgency: .low, actions: [.skipBreak, .addFiveMinutes])
    #expect(
      NotifySend.arguments(notification, replacing: nil, printID: true, actions: false) == [
        "--print-id", "--app-name=Cadence", "--urgency=low", "--", "-w", "&lt;b&gt;",
      ])
    #expect(
      NotifySend.arguments(notification, replacing: 12, printID: false, actions: true) == [
        "--replace-id=12", "--action=skip-break=Skip break", "--action=add-5m=+5 min",
        "--app-name=Cadence", "--urgency=low", "--", "-w", "&lt;b&gt;",
      ])
  }
}
