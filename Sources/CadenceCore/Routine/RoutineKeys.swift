/// Every key a routine file may use, by the table it belongs in: the one list that the reader
/// validates against and that the editor types file (`types/cadence.lua`) is tested against.
public enum RoutineKeys {
  /// The routine table, hooks included.
  public static let routine =
    [
      "name", "description", "params", "steps", "frame", "quarters", "milestones", "tags", "theme",
    ]
    + HookName.allCases.map(\.rawValue)
  /// `frame = { ... }`.
  public static let frame = [
    "finish", "length", "intervals", "pause", "pause_after_last", "interval_name", "pause_name",
  ]
  /// A timed or manual step (besides its name and duration by position).
  public static let step = [
    "name", "duration", "kind", "overtime", "every", "reminder", "reminders", "focus",
  ]
  /// A block of rounds.
  public static let block = ["name", "rounds", "steps", "between"]
  /// An entry of `reminders = { ... }`.
  public static let reminder = ["every", "at", "label"]
  /// `milestones = { every = "10%" }`.
  public static let milestoneRule = ["every"]
}
