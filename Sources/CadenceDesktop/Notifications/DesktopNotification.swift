import CadenceCore

/// A notification as Cadence shows it: its text, how urgent it is, and what can be done from
/// it.
public struct DesktopNotification: Sendable, Equatable {
  public var title: String
  public var body: String
  /// `low` (a quarter point), `normal`, or `critical` (the end of a break: it stays until seen).
  public var urgency: HookResult.Urgency
  /// The buttons it offers, for a daemon that shows actions.
  public var actions: [NotificationAction]

  public init(
    title: String, body: String, urgency: HookResult.Urgency = .normal,
    actions: [NotificationAction] = []
  ) {
    self.title = title
    self.body = body
    self.urgency = urgency
    self.actions = actions
  }
}
