/// dunst, through dunstctl: `is-paused`, `set-paused true` and `set-paused false`. While
/// paused, dunst queues what arrives and shows it when unpaused.
struct DunstSwitch: NotificationSwitch {
  let tool: DesktopTool

  init?(environment: [String: String], timeout: Duration) {
    guard let tool = DesktopTool("dunstctl", environment: environment, timeout: timeout)
    else { return nil }
    self.tool = tool
  }

  var desktop: DoNotDisturb.Desktop { .dunst }

  func isPaused() -> Bool? {
    // Not asked when nothing holds the name: asking would start dunst.
    if NotificationBus.saysNoDaemon(like: tool) { return nil }
    return booleanAnswer(tool.run(["is-paused"]))
  }

  func pause() -> Bool { tool.run(["set-paused", "true"]).succeeded }

  /// With no daemon on the bus, nothing is paused: its pause went with it.
  func unpause() -> Bool {
    if NotificationBus.saysNoDaemon(like: tool) { return true }
    return tool.run(["set-paused", "false"]).succeeded
  }
}
