import CadenceCore
import CadenceDesktop
import CadenceSystem

/// Desktop notifications through notify-send (libnotify), the Linux stand-in for the phone's
/// vibration: a run's `Notifier`, whose buttons act on the run through its control socket.
/// Without notify-send there is none, after saying so once in the process.
public struct DesktopNotifier: Sendable {
  public let sender: NotifySend?

  public init(
    enabled: Bool, environment: [String: String], notices: ToolNotices = .shared,
    note: (String) -> Void
  ) {
    guard enabled else {
      sender = nil
      return
    }
    sender = NotifySend(environment: environment)
    if sender == nil {
      notices.once(
        "notify-send is not installed (Debian package libnotify-bin); desktop notifications are off.",
        to: note)
    }
  }

  /// The notifier of one run, whose buttons ask the run listening on `socket` (once it is
  /// set; none before); `nextFocus` is what "Start focus" runs after a break.
  public func notifier(socket: RunSocket, nextFocus: [String]? = nil) -> Notifier? {
    guard let sender else { return nil }
    return Notifier(sender: sender, nextFocus: nextFocus) { command in
      guard let path = socket.path else { return }
      _ = ControlClient.request(.command(command), socket: path)
    }
  }

  /// `cadence focus --detach` on the same database (and task), as "Start focus" runs it
  /// after a break: the focus on offer, in the background.
  public static func nextFocus(databasePath: String, task: String?, muted: Bool) -> [String]? {
    guard let cadence = Processes.executablePath() else { return nil }
    return [cadence, "focus", "--detach", "--db", databasePath] + (muted ? ["--mute"] : [])
      + (task.map { ["--", $0] } ?? [])
  }
}
