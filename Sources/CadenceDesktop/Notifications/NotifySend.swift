import CadenceSystem
import CadenceText

/// Notifications through libnotify's `notify-send` (Debian's libnotify-bin, 0.8 or later for
/// `--print-id`, `--replace-id` and `--action`): each call a process of its own, run with a
/// time limit, or while it waits for an action, until the notifier stops waiting.
public struct NotifySend: NotificationSending {
  /// notify-send, found on PATH, with the environment it reaches the desktop's bus through.
  public let tool: DesktopTool

  /// notify-send on the environment's PATH; nil when it is not installed.
  public init?(environment: [String: String]) {
    guard let tool = DesktopTool("notify-send", environment: environment, timeout: .seconds(3))
    else { return nil }
    self.tool = tool
  }

  public init(tool: DesktopTool) { self.tool = tool }

  /// The arguments for `notification`: the id printed or the one replaced, its urgency and,
  /// with `actions`, its buttons (`--action=NAME=Label`, which makes notify-send wait and
  /// print the name chosen); then `--` and the text, as `NotifyText` makes it inert.
  public static func arguments(
    _ notification: DesktopNotification, replacing id: UInt32?, printID: Bool, actions: Bool
  ) -> [String] {
    var words: [String] = []
    if printID { words.append("--print-id") }
    if let id { words.append("--replace-id=\(id)") }
    if actions {
      words += notification.actions.map { "--action=\($0.name)=\($0.label)" }
    }
    return words
      + NotifyText.arguments(
        title: notification.title, body: notification.body,
        urgency: notification.urgency.rawValue)
  }

  public func show(_ notification: DesktopNotification, replacing id: UInt32?) -> UInt32? {
    let sent = tool.run(Self.arguments(notification, replacing: id, printID: true, actions: false))
    guard sent.succeeded else {
      // libnotify before 0.8 knows neither option: the notification is still sent, one of many.
      if sent.text.contains("Unknown option") {
        _ = tool.run(Self.arguments(notification, replacing: nil, printID: false, actions: false))
      }
      return nil
    }
    return sent.text.split(whereSeparator: \.isNewline).first.flatMap { UInt32($0) } ?? id
  }

  public func awaitAction(
    _ notification: DesktopNotification, replacing id: UInt32, stopping: @escaping () -> Bool
  ) -> String? {
    // A day at most: a notification nobody answers is left, and its process with it.
    let waited = ProgramRun.run(
      tool.executable, Self.arguments(notification, replacing: id, printID: false, actions: true),
      environment: tool.environment, timeout: .seconds(86_400), keep: 4096, stopping: stopping)
    guard waited.succeeded else { return nil }
    let name = waited.text.split(whereSeparator: \.isNewline).last.map(String.init)
    return name.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The shell that waits for the action in `handOff`: its first word is the action's name,
  /// its second how many words follow for the program to run; then that program's words,
  /// then notify-send's. notify-send runs in a subshell with only its own words (each word
  /// moved, never re-read by the shell), and what it prints is compared with the name.
  static let waiter = """
    want=$1 count=$2; shift 2; kept=$(($# - count))
    choice=$(i=0; for word do [ "$i" -ge "$count" ] && set -- "$@" "$word"; i=$((i + 1)); done; shift $((kept + count)); exec "$@")
    [ "$choice" = "$want" ] || exit 0
    i=0; for word do [ "$i" -lt "$count" ] && set -- "$@" "$word"; i=$((i + 1)); done; shift $((kept + count))
    exec "$@"
    """

  public func handOff(
    _ notification: DesktopNotification, replacing id: UInt32, action: NotificationAction,
    then: [String]
  ) -> Bool {
    guard !then.isEmpty, let shell = Processes.locate("sh", environment: tool.environment)
    else { return false }
    let notify = Self.arguments(notification, replacing: id, printID: false, actions: true)
    return Processes.launch(
      shell,
      ["-c", Self.waiter, "cadence-notification", action.name, String(then.count)] + then
        + [tool.executable] + notify)
  }
}
