/// The Lua functions a routine may define, called as it runs.
public enum HookName: String, Sendable, CaseIterable, Comparable, Codable {
  case onStart = "on_start"
  case onWork = "on_work"
  case onPause = "on_pause"
  case onQuarter = "on_quarter"
  case onReminder = "on_reminder"
  case onFinish = "on_finish"

  public static func < (lhs: HookName, rhs: HookName) -> Bool { lhs.rawValue < rhs.rawValue }
}
