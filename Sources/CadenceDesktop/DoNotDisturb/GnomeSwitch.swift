/// GNOME, through gsettings: `org.gnome.desktop.notifications show-banners`, false while
/// paused (notifications still go to the message tray, without a banner).
struct GnomeSwitch: NotificationSwitch {
  static let schema = "org.gnome.desktop.notifications"
  static let key = "show-banners"

  let tool: DesktopTool

  init?(environment: [String: String], timeout: Duration) {
    guard let tool = DesktopTool("gsettings", environment: environment, timeout: timeout)
    else { return nil }
    self.tool = tool
  }

  var desktop: DoNotDisturb.Desktop { .gnome }

  func isPaused() -> Bool? {
    booleanAnswer(tool.run(["get", Self.schema, Self.key])).map { !$0 }
  }

  func pause() -> Bool { tool.run(["set", Self.schema, Self.key, "false"]).succeeded }

  func unpause() -> Bool { tool.run(["set", Self.schema, Self.key, "true"]).succeeded }

  /// Whether the environment is a GNOME session's (`XDG_CURRENT_DESKTOP` names GNOME, as
  /// `GNOME`, `ubuntu:GNOME` or `GNOME-Classic:GNOME` do).
  static func isSession(_ environment: [String: String]) -> Bool {
    (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").contains {
      $0.uppercased().hasPrefix("GNOME")
    }
  }
}
