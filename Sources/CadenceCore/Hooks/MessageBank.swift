import FoundationEssentials

/// Cadence's own motivational messages, in British English, used when a routine has no hook
/// for an event or its hook returns nothing or fails, in the routine's theme (neutral unless it
/// chooses one). Each kind of event rotates through its messages so the same line does not come
/// twice in a row.
public struct MessageBank: Sendable {
  static let milestoneLines: [Int: [String]] = [
    25: ["A quarter done. Lovely start.", "25% in. Keep that rhythm going."],
    50: ["Halfway there. Brilliant.", "Half done: it's all downhill from here."],
    75: ["Three quarters done. Nearly there!", "75%: the finish is in sight."],
    100: ["100%: every minute done.", "The whole routine, done. Superb."],
  ]

  private var used: [String: Int] = [:]
  public let theme: MessageTheme

  public init(theme: MessageTheme = .neutral) {
    self.theme = theme
  }

  /// The next default message for the moment `context` describes.
  public mutating func message(for context: HookContext) -> String {
    var key = context.event
    var choices = Self.choices(for: key, theme: theme) ?? ["{step}"]
    if context.event == "milestone", context.percent == context.percent.rounded(),
      let special = Self.milestoneLines[Int(context.percent)]
    {
      key = "milestone-\(Int(context.percent))"
      choices = special
    }
    let count = used[key, default: 0]
    used[key] = count + 1
    return Self.fill(choices[count % choices.count], with: context)
  }

  /// `template` with each placeholder replaced, in one pass: what a name brings in (a step
  /// called "{next}", say) is never read as a placeholder itself.
  static func fill(_ template: String, with context: HookContext) -> String {
    var filled = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      filled += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}"),
        let value = value(of: rest[rest.index(after: open)..<close], in: context)
      else {
        filled += "{"
        rest = rest[rest.index(after: open)...]
        continue
      }
      filled += value
      rest = rest[rest.index(after: close)...]
    }
    return filled + rest
  }

  /// What placeholder `name` stands for; nil for a name that is not one.
  private static func value(of name: Substring, in context: HookContext) -> String? {
    switch name {
    case "routine": return context.routine
    case "step": return context.step?.name ?? context.routine
    case "next": return context.next?.name ?? "the finish"
    case "label": return context.label ?? "Reminder"
    case "percent":
      return context.percent == context.percent.rounded()
        ? String(Int(context.percent)) : format1(context.percent)
    default: return nil
    }
  }

  static func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
