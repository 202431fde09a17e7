import CadenceText

/// What a hook asked for: a message, and optionally a title, a sound, an urgency and commands
/// to run (actions, for a trusted routine only).
public struct HookResult: Sendable, Equatable {
  public enum Urgency: String, Sendable, CaseIterable {
    case low
    case normal
    case critical
  }

  /// The longest message shown; longer ones are cut with an ellipsis.
  public static let maximumLength = 500

  public var message: String
  public var title: String?
  public var sound: String?
  /// The urgency the hook named, if it named one (Cadence's own choice stands otherwise).
  public var urgency: Urgency?
  public var actions: [HookAction]

  public init(
    message: String, title: String? = nil, sound: String? = nil, urgency: Urgency? = nil,
    actions: [HookAction] = []
  ) {
    self.message = Self.clean(message)
    self.title = title.map(Self.clean)
    self.sound = sound
    self.urgency = urgency
    self.actions = actions
  }

  /// Text from a script made safe for a terminal and cut to a sensible length.
  public static func clean(_ text: String) -> String {
    DisplayText.flattened(text, limit: maximumLength)
  }
}
