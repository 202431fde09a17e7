import CadenceRuntime
import CadenceText
import CadenceTime
import FoundationEssentials

/// A run waiting to be resumed as `status` tells it: marked so in every form, with the
/// command that brings it back.
extension StatusText {
  /// "Focus: waiting to be resumed: cadence resume" (the name as it is, for a form to escape).
  public static func summary(_ run: WaitingRun) -> String {
    "\(run.name): waiting to be resumed: \(WaitingRun.resume)"
  }

  /// The time of day of `milliseconds` since 1970.
  static func time(_ milliseconds: Int64, timeZone: Zone) -> String {
    TimeFormat.clock(timeZone.local(Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
  }

  /// The block `status` prints for a run waiting to be resumed.
  public static func block(_ run: WaitingRun, timeZone: Zone) -> String {
    var lines = ["Run \(run.id): \(TerminalText.line(run.name))"]
    lines.append("  state      waiting to be resumed: \(WaitingRun.resume)")
    lines.append(
      "  stopped    its process ended at \(time(run.lastSeen, timeZone: timeZone)) or soon after (killed, or the machine restarted)"
    )
    lines.append("  started    \(time(run.startedAt, timeZone: timeZone))")
    if let task = run.task { lines.append("  task       \(TerminalText.line(task))") }
    if run.mandatory {
      lines.append("  mandatory  yes: a task's break, owed before a new focus")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A tooltip's line for a run waiting to be resumed.
  public static func tooltipLine(_ run: WaitingRun, timeZone: Zone) -> String {
    "\(summary(run)) (interrupted at \(time(run.lastSeen, timeZone: timeZone)))"
  }

  /// Waybar's JSON with no run going but runs waiting to be resumed (oldest first): the latest
  /// in the text, every one in the tooltip, class `interrupted`.
  public static func waybar(waiting: [WaitingRun], timeZone: Zone) -> String {
    let latest = waiting.last.map { "\($0.name): waiting to be resumed" } ?? ""
    return JSONValue.object([
      ("text", .string(PangoText.line(latest))),
      (
        "tooltip",
        .string(
          waiting.reversed().map { PangoText.line(tooltipLine($0, timeZone: timeZone)) }
            .joined(separator: "\n"))
      ),
      ("class", .string("interrupted")),
      ("percentage", .int(0)),
    ]).rendered
  }
}
