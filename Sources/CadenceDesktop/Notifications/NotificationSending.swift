/// The way notifications reach the desktop: `NotifySend` (libnotify's notify-send) for real,
/// a recording stand-in in tests. Every call may block for a while: the `Notifier` makes them
/// on threads of its own, never on the run's.
public protocol NotificationSending: Sendable {
  /// Shows `notification` without its actions, in place of notification `id` if there is
  /// one; the id the daemon gave it, or nil when it could not be shown.
  func show(_ notification: DesktopNotification, replacing id: UInt32?) -> UInt32?

  /// Shows `notification` with its actions in place of notification `id`, and waits until
  /// one is chosen (its name), the notification is closed (nil) or `stopping` says to stop
  /// waiting (nil).
  func awaitAction(
    _ notification: DesktopNotification, replacing id: UInt32, stopping: @escaping () -> Bool
  ) -> String?

  /// Shows `notification` with its actions in place of notification `id`, and leaves a
  /// process of its own waiting, one that outlives this one: when `action` is chosen, it runs
  /// `then` (a program's path and its arguments). False when it could not start.
  func handOff(
    _ notification: DesktopNotification, replacing id: UInt32, action: NotificationAction,
    then: [String]
  ) -> Bool
}
