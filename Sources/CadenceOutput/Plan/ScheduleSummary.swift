import CadenceCore
import CadenceText

/// A schedule in a few words, as `check` and `add` print it: `Gym, 12 segments, 45m`.
public enum ScheduleSummary {
  public static func line(_ schedule: Schedule) -> String {
    let count = schedule.segments.count
    return
      "\(TerminalText.line(schedule.name)), \(count) segment\(count == 1 ? "" : "s"), \(DurationText.format(schedule.total))"
  }
}
