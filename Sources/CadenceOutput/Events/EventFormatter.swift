import CadenceCore
import CadenceRuntime
import CadenceText
import CadenceTime
import FoundationEssentials

/// Writes narrations as plain lines or as JSON objects, one per line.
public struct EventFormatter {
  public enum Clock {
    /// Routine time from the start, as `simulate` shows it.
    case routine
    /// Wall-clock time of day: the run started at `start` (ms on the run's clock = 0).
    case wall(start: Date, timeZone: Zone)
  }

  public var clock: Clock

  public init(clock: Clock) { self.clock = clock }

  /// Events that plain output leaves out: the start of the next segment says as much.
  public static func isQuiet(_ event: EngineEvent, segments: [Segment]) -> Bool {
    guard event.kind == .segmentEnd, let index = event.segment else { return false }
    return segments[index - 1].kind != .manual
  }

  public func plain(_ narration: Narration) -> String {
    let event = narration.event
    let time: String
    switch clock {
    case .routine:
      time = pad(DurationText.clock(event.due), 8, right: true)
    case .wall(let start, let timeZone):
      time = Self.timeOfDay(start.addingTimeInterval(Double(event.due) / 1000), in: timeZone)
    }
    var what = narration.context.event
    if event.kind == .segmentEnd { what = "done" }
    var subject = ""
    if let step = narration.context.step, event.kind != .start, event.kind != .finish {
      subject = TerminalText.line(step.name)
      if narration.context.rounds > 1 {
        subject += " \(narration.context.round)/\(narration.context.rounds)"
      }
      if event.kind == .segmentStart, step.kind != .manual {
        subject += " (\(DurationText.format(step.duration)))"
      }
    }
    if let label = event.label, event.kind == .milestone { subject = TerminalText.line(label) }
    if let amount = event.amount {
      if event.kind == .credited {
        subject += " +\(DurationText.format(amount))"
      } else if event.kind == .adjusted {
        subject +=
          amount >= 0 ? " +\(DurationText.format(amount))" : " -\(DurationText.format(-amount))"
      } else if event.kind == .segmentEnd {
        subject += " after \(DurationText.format(amount))"
      }
    }
    var line = "\(time)  \(pad(what, 9))  \(subject)"
    if let message = narration.message, !message.isEmpty {
      line = pad(line, 48) + "  " + TerminalText.line(message)
    }
    if event.late >= 1000 { line += "  (\(DurationText.format(event.late)) late)" }
    return line.trimmingTrailingSpaces()
  }

  /// One JSON object; `lateMicroseconds` adds a finer `late_us` where the run measured it.
  public func json(_ narration: Narration, lateMicroseconds: Int64? = nil) -> String {
    let event = narration.event
    let step = narration.context.step
    var members: [(String, JSONValue)] = [
      ("at_ms", .int(event.due)),
      ("late_ms", .int(event.late)),
      ("event", .string(event.kind.rawValue)),
      ("segment", event.segment.map { .int(Int64($0)) } ?? .null),
    ]
    if event.segment != nil, let step {
      members.append(("name", .string(step.name)))
      members.append(("kind", .string(step.kind.rawValue)))
    }
    if let label = event.label { members.append(("label", .string(label))) }
    if let amount = event.amount { members.append(("amount_ms", .int(amount))) }
    members.append(("elapsed_ms", .int(event.elapsed)))
    members.append(("message", narration.message.map { .string($0) } ?? .null))
    if let lateMicroseconds { members.append(("late_us", .int(lateMicroseconds))) }
    if !narration.actions.isEmpty {
      members.append(
        (
          "actions",
          .array(
            narration.actions.map { action in
              .object([
                ("run", .array(action.arguments.map { .string($0) })),
                ("timeout_ms", .int(action.timeout)),
              ])
            })
        ))
    }
    return JSONValue.object(members).rendered
  }

  /// What `simulate` says of the commands a hook asked for: each on a line of its own under the
  /// event, as a run would run it (or skip it, for a routine the user does not trust).
  public func actionLines(_ narration: Narration, trusted: Bool) -> [String] {
    narration.actions.map { action in
      let command = TerminalText.line(action.commandLine)
      let limit = DurationText.format(action.timeout)
      return trusted
        ? "          would run: \(command) (time limit \(limit))"
        : "          would skip: \(command) (you do not trust this routine)"
    }
  }

  /// `text` padded to `width` columns of the terminal (``PlainText/width(_:)``).
  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let shown = PlainText.width(text)
    guard shown < width else { return text }
    let padding = String(repeating: " ", count: width - shown)
    return right ? padding + text : text + padding
  }

  /// `09:05:07` on the zone's clocks.
  public static func timeOfDay(_ date: Date, in timeZone: Zone) -> String {
    TimeFormat.clock(timeZone.local(date))
  }
}
