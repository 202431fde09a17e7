/// The session's D-Bus, asked (with dbus-send) whether anything holds the notification
/// daemon's name. dunstctl and makoctl would otherwise start a daemon through D-Bus
/// activation just by asking it whether it is paused.
enum NotificationBus {
  static let name = "org.freedesktop.Notifications"

  /// Whether the bus says that nothing holds the name, asked with the environment and the time
  /// limit of `tool` (the daemon's own program). False too when the bus could not be asked, and
  /// then the daemon's program is asked anyway.
  static func saysNoDaemon(like tool: DesktopTool) -> Bool {
    hasDaemon(environment: tool.environment, timeout: tool.timeout) == false
  }

  /// True or false when the bus answered; nil when it could not be asked (no dbus-send, no
  /// session bus), and then the desktop's own program is asked anyway.
  private static func hasDaemon(environment: [String: String], timeout: Duration) -> Bool? {
    guard let bus = DesktopTool("dbus-send", environment: environment, timeout: timeout) else {
      return nil
    }
    let asked = bus.run([
      "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
    ])
    guard asked.succeeded else { return nil }
    switch trimmed(asked.text) {
    case "boolean true": return true
    case "boolean false": return false
    default: return nil
    }
  }
}
