import CadenceCore
import CadenceText

/// The schedule as one JSON object, the shape `plan --json` promises.
public enum PlanJSON {
  public static func object(for schedule: Schedule) -> JSONValue {
    .object([
      ("name", .string(schedule.name)),
      ("total_ms", .int(schedule.total)),
      ("parameters", .object(schedule.parameters.map { ($0.name, value($0.value)) })),
      ("segments", .array(schedule.segments.map(segment))),
      ("events", .array(schedule.events.map(event))),
    ])
  }

  /// Writes the same object, and a line feed, to `out` as it is made: a segment or an event at
  /// a time, never the whole plan as values in memory.
  public static func write(_ schedule: Schedule, to out: ChunkedText) {
    var head = "{"
    JSONText.append("name", to: &head)
    head += ":"
    JSONText.append(schedule.name, to: &head)
    head += ",\"total_ms\":\(schedule.total),\"parameters\":"
    head += JSONValue.object(schedule.parameters.map { ($0.name, value($0.value)) }).rendered
    out.write(head + ",\"segments\":[")
    for (offset, item) in schedule.segments.enumerated() {
      out.write((offset > 0 ? "," : "") + segment(item).rendered)
    }
    out.write("],\"events\":[")
    for (offset, item) in schedule.events.enumerated() {
      out.write((offset > 0 ? "," : "") + event(item).rendered)
    }
    out.write("]}\n")
    out.flush()
  }

  static func segment(_ segment: Segment) -> JSONValue {
    .object([
      ("index", .int(Int64(segment.index))),
      ("name", .string(segment.name)),
      ("kind", .string(segment.kind.rawValue)),
      ("start_ms", .int(segment.start)),
      ("duration_ms", .int(segment.duration)),
      ("round", segment.round.map { .int(Int64($0)) } ?? .null),
      ("rounds", segment.rounds.map { .int(Int64($0)) } ?? .null),
    ])
  }

  static func event(_ event: ScheduleEvent) -> JSONValue {
    .object([
      ("kind", .string(event.kind.rawValue)),
      ("at_ms", .int(event.at)),
      ("label", .string(event.label)),
    ])
  }

  static func value(_ value: ParameterValue) -> JSONValue {
    switch value {
    case .integer(let whole): return .int(whole)
    case .number(let real): return .double(real)
    case .string(let text): return .string(text)
    case .boolean(let flag): return .bool(flag)
    }
  }
}
