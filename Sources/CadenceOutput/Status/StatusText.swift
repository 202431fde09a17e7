import CadenceCore
import CadenceRuntime
import CadenceText
import CadenceTime
import FoundationEssentials

/// A run's status as text: a summary line, the block `status` prints, a `--format` template
/// filled in, and waybar's JSON.
public enum StatusText {
  public static func remaining(_ status: RunStatus) -> String {
    DurationText.clock(status.remainingMilliseconds + (status.remainingMilliseconds > 0 ? 999 : 0))
  }

  public static func finish(_ status: RunStatus, timeZone: Zone) -> String {
    guard let finish = status.finishAt else { return "" }
    return TimeFormat.clock(timeZone.local(Date(timeIntervalSince1970: Double(finish) / 1000)))
  }

  /// "Set, round 2 of 3: 1:23 left; 35 % done; running" (and "; mandatory break" for a task's
  /// mandatory break).
  public static func summary(_ status: RunStatus) -> String {
    guard let segment = status.segment else { return status.state }
    var text = TerminalText.line(segment)
    if status.rounds > 1 { text += ", round \(status.round) of \(status.rounds)" }
    let left = status.kind == "manual" ? "waiting for you" : "\(remaining(status)) left"
    let rules = status.mandatory ? "; mandatory break" : ""
    return "\(text): \(left); \(status.percent)% done; \(status.state)\(rules)"
  }

  /// The block `status` prints for one run.
  public static func block(_ status: RunStatus, timeZone: Zone) -> String {
    var lines = ["Run \(status.id): \(TerminalText.line(status.routine))"]
    lines.append("  state      \(status.state)")
    if status.mandatory {
      lines.append("  mandatory  yes: a task's break, which cannot be skipped or shortened")
    }
    if let segment = status.segment {
      var step =
        "\(TerminalText.line(segment)) (\(status.kind ?? "work"), \(status.index) of \(status.count))"
      if status.rounds > 1 { step += ", round \(status.round) of \(status.rounds)" }
      lines.append("  step       \(step)")
      lines.append("  remaining  \(remaining(status))")
    }
    lines.append(
      "  progress   \(status.percent)% (\(DurationText.clock(status.elapsedMilliseconds)) of \(DurationText.clock(status.totalMilliseconds)))"
    )
    let end = finish(status, timeZone: timeZone)
    if !end.isEmpty { lines.append("  finishes   \(end)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `template` with each `{placeholder}` filled in; unknown ones are left as they are.
  /// `{runs}` is how many runs are going in all (`runs`), `{id}` this one's id, `{mandatory}`
  /// the word `mandatory` for a task's mandatory break and nothing otherwise. The whole line,
  /// the template's own text and every value, is escaped for `form`'s sink.
  public static func format(
    _ template: String, _ status: RunStatus, runs: Int = 1, timeZone: Zone,
    form: StatusForm = .plain
  ) -> String {
    let values: [String: String] = [
      "id": status.id,
      "runs": String(runs),
      "remaining": remaining(status),
      "segment": status.segment ?? "",
      "round": String(status.round),
      "rounds": String(status.rounds),
      "percent": String(status.percent),
      "state": status.state,
      "routine": status.routine,
      "finish": finish(status, timeZone: timeZone),
      "mandatory": status.mandatory ? "mandatory" : "",
    ]
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let after = rest[rest.index(after: open)...]
      if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
        result += value
        rest = after[after.index(after: close)...]
      } else {
        result += "{"
        rest = after
      }
    }
    result += rest
    return form.line(result)
  }

  /// Waybar's custom-module JSON: text, tooltip, class (the state, and `mandatory` too for a
  /// task's mandatory break) and percentage, of `status`.
  ///
  /// With `others` (the other runs going), the text ends in `+N` and the tooltip has a line
  /// for every run, the one shown first, each with its id. Waybar reads the text and the
  /// tooltip as Pango markup: each line of them is escaped as ``PangoText`` says, and the
  /// class is one of the states a run can be in (`unknown` for any other word).
  /// Runs `waiting` to be resumed add a line each to the tooltip.
  public static func waybar(
    _ status: RunStatus, others: [RunStatus] = [], waiting: [WaitingRun] = [], timeZone: Zone
  ) -> String {
    let segment = status.segment ?? status.state
    var tooltip = [tooltipLine(status, timeZone: timeZone)]
    var text = "\(remaining(status)) \(segment)"
    if !others.isEmpty {
      text += " +\(others.count)"
      tooltip =
        ["\(others.count + 1) runs going:"]
        + ([status] + others).map { "\(tooltipLine($0, timeZone: timeZone)) (run \($0.id))" }
    }
    tooltip += waiting.reversed().map { tooltipLine($0, timeZone: timeZone) }
    let state = states.contains(status.state) ? status.state : "unknown"
    return JSONValue.object([
      ("text", .string(PangoText.line(text))),
      ("tooltip", .string(tooltip.map(PangoText.line).joined(separator: "\n"))),
      // Waybar takes a list of classes: a mandatory break can be styled on its own.
      (
        "class",
        status.mandatory ? .array([.string(state), .string("mandatory")]) : .string(state)
      ),
      ("percentage", .int(Int64(status.percent))),
    ]).rendered
  }

  /// The states a run can be in, the only words waybar's class is made of.
  public static let states: Set = ["ready", "running", "paused", "waiting", "finished", "stopped"]

  /// "Gym: Set, round 2 of 3: 1:23 left; 35% done; running; finishes at 10:30".
  public static func tooltipLine(_ status: RunStatus, timeZone: Zone) -> String {
    // A focus or a break names its one segment as it names itself: say the name once.
    let named = status.segment == status.routine ? "" : "\(status.routine): "
    let end = finish(status, timeZone: timeZone)
    return named + summary(status) + (end.isEmpty ? "" : "; finishes at \(end)")
  }
}
