import FoundationEssentials

extension SessionRecord: TableRecord {
  static let table = "sessions"
  static let columns = [
    "uuid", "kind", "routine", "routine_hash", "task", "goal", "tags", "started_at", "ended_at",
    "planned_ms", "active_ms", "outcome", "segments_done", "segments_skipped", "pauses", "note",
    "coins", "resumed",
  ]

  var values: [SQLValue] {
    [
      .text(uuid), .text(kind.rawValue), .optional(routine), .optional(routineHash),
      .optional(task), .optional(goal), .optional(tags.isEmpty ? nil : TagList.joined(tags)),
      .text(Timestamp.string(startedAt)), .text(Timestamp.string(endedAt)),
      .integer(plannedMilliseconds), .integer(activeMilliseconds), .text(outcome.rawValue),
      .integer(Int64(segmentsDone)), .integer(Int64(segmentsSkipped)), .integer(Int64(pauses)),
      .optional(note), .integer(Int64(coins)), .bool(resumed),
    ]
  }

  init(row: Row) {
    self.init(
      id: row.integer("id"), uuid: row.text("uuid") ?? SessionRecord.newUUID(),
      kind: Kind(rawValue: row.text("kind") ?? "") ?? .routine,
      routine: row.text("routine"), routineHash: row.text("routine_hash"), task: row.text("task"),
      goal: row.text("goal"), tags: TagList.split(row.text("tags")),
      startedAt: Timestamp.date(row.text("started_at") ?? "") ?? Date(timeIntervalSince1970: 0),
      endedAt: Timestamp.date(row.text("ended_at") ?? "") ?? Date(timeIntervalSince1970: 0),
      plannedMilliseconds: row.integer("planned_ms") ?? 0,
      activeMilliseconds: row.integer("active_ms") ?? 0,
      outcome: Outcome(rawValue: row.text("outcome") ?? "") ?? .stopped,
      segmentsDone: Int(row.integer("segments_done") ?? 0),
      segmentsSkipped: Int(row.integer("segments_skipped") ?? 0),
      pauses: Int(row.integer("pauses") ?? 0), note: row.text("note"),
      coins: Int(row.integer("coins") ?? 0), resumed: row.bool("resumed"))
  }
}
