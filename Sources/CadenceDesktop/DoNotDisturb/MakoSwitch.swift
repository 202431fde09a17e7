/// mako, through makoctl: its modes (`makoctl mode` lists them), with `do-not-disturb` added
/// (`mode -a`) and removed (`mode -r`); the user's mako configuration says what the mode hides
/// (`[mode=do-not-disturb]` with `invisible=1`).
struct MakoSwitch: NotificationSwitch {
  static let mode = "do-not-disturb"

  let tool: DesktopTool

  init?(environment: [String: String], timeout: Duration) {
    guard let tool = DesktopTool("makoctl", environment: environment, timeout: timeout)
    else { return nil }
    self.tool = tool
  }

  var desktop: DoNotDisturb.Desktop { .mako }

  func isPaused() -> Bool? {
    if NotificationBus.saysNoDaemon(like: tool) { return nil }
    let modes = tool.run(["mode"])
    guard modes.succeeded else { return nil }
    return modes.text.split(whereSeparator: \.isNewline).contains {
      trimmed(String($0)) == Self.mode
    }
  }

  func pause() -> Bool { tool.run(["mode", "-a", Self.mode]).succeeded }

  /// With no daemon on the bus, nothing is paused: its pause went with it.
  func unpause() -> Bool {
    if NotificationBus.saysNoDaemon(like: tool) { return true }
    return tool.run(["mode", "-r", Self.mode]).succeeded
  }
}
