import CadenceCore
import CadenceText

/// Desktop notifications through notify-send (libnotify), the Linux stand-in for the phone's
/// vibration. Without notify-send it does nothing, after saying so once in the process.
struct DesktopNotifier: Sendable {
  let executable: String?

  init(
    enabled: Bool, environment: [String: String], notices: ToolNotices = .shared,
    note: (String) -> Void
  ) {
    guard enabled else {
      executable = nil
      return
    }
    executable = ExternalCommand.locate("notify-send", environment: environment)
    if executable == nil {
      notices.once(
        "notify-send is not installed (Debian package libnotify-bin); desktop notifications are off.",
        to: note)
    }
  }

  func notify(title: String, message: String, urgency: HookResult.Urgency) {
    guard let executable else { return }
    ExternalCommand.launch(
      executable, NotifyText.arguments(title: title, body: message, urgency: urgency.rawValue))
  }
}
