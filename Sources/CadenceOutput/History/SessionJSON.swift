import CadenceStore
import CadenceText

/// A session as one JSON object: each element of `history --json`, what the `session.command`
/// setting's command reads on its standard input, and what `history import` reads back. Its
/// members are ``columns``, in that order, which are also the columns of `history --csv`.
public enum SessionJSON {
  public static let columns = [
    "id", "kind", "routine", "task", "tags", "started_at", "ended_at", "planned_ms", "active_ms",
    "outcome", "segments_done", "segments_skipped", "pauses", "note", "coins", "resumed", "goal",
  ]

  /// A value of one of the columns.
  public enum Cell: Equatable {
    case text(String?)
    case number(Int64)
    case flag(Bool)
  }

  /// The session's value of each of ``columns``, in order.
  public static func cells(_ session: SessionRecord) -> [Cell] {
    [
      .text(session.uuid), .text(session.kind.rawValue), .text(session.routine),
      .text(session.task), .text(session.tags.joined(separator: ",")),
      .text(Timestamp.string(session.startedAt)), .text(Timestamp.string(session.endedAt)),
      .number(session.plannedMilliseconds), .number(session.activeMilliseconds),
      .text(session.outcome.rawValue), .number(Int64(session.segmentsDone)),
      .number(Int64(session.segmentsSkipped)), .number(Int64(session.pauses)),
      .text(session.note), .number(Int64(session.coins)), .flag(session.resumed),
      .text(session.goal),
    ]
  }

  /// Writes the session's object at the writer's place.
  public static func write(_ session: SessionRecord, to writer: inout JSONWriter) {
    writer.beginObject()
    for (name, cell) in zip(columns, cells(session)) {
      switch cell {
      case .text(let text): writer.member(name, text)
      case .number(let number): writer.member(name, number)
      case .flag(let flag): writer.member(name, flag)
      }
    }
    writer.endObject()
  }

  /// The session's object on one line, line feed included, as `session.command` reads it.
  public static func line(_ session: SessionRecord) -> String {
    var writer = JSONWriter()
    write(session, to: &writer)
    return writer.text + "\n"
  }
}
