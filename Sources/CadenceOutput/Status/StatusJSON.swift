import CadenceRuntime

/// A run as `status --json` and the control commands' `--json` print it: an object whose
/// members are in the order of their names, a member with no value left out.
public enum StatusJSON {
  /// A run going.
  public static func object(_ status: RunStatus) -> JSONValue {
    sorted([
      ("id", .string(status.id)), ("pid", .int(Int64(status.pid))),
      ("routine", .string(status.routine)), ("path", .string(status.path)),
      ("state", .string(status.state)), ("segment", status.segment.map(JSONValue.string)),
      ("kind", status.kind.map(JSONValue.string)), ("index", .int(Int64(status.index))),
      ("count", .int(Int64(status.count))), ("round", .int(Int64(status.round))),
      ("rounds", .int(Int64(status.rounds))),
      ("remaining_ms", .int(status.remainingMilliseconds)),
      ("elapsed_ms", .int(status.elapsedMilliseconds)),
      ("total_ms", .int(status.totalMilliseconds)), ("percent", .int(Int64(status.percent))),
      ("finish_at_ms", status.finishAt.map(JSONValue.int)),
      ("started_at_ms", .int(status.startedAt)), ("mandatory", .bool(status.mandatory)),
    ])
  }

  /// A run waiting to be resumed: `"state":"interrupted"`, `"waiting_to_resume":true` and the
  /// command that resumes it.
  public static func object(_ run: WaitingRun) -> JSONValue {
    sorted([
      ("id", .string(run.id)), ("pid", .int(Int64(run.pid))), ("routine", .string(run.name)),
      ("path", .string(run.path)), ("state", .string("interrupted")),
      ("waiting_to_resume", .bool(true)), ("resume", .string(WaitingRun.resume)),
      ("started_at_ms", .int(run.startedAt)), ("last_seen_ms", .int(run.lastSeen)),
      ("mandatory", .bool(run.mandatory)), ("task", run.task.map(JSONValue.string)),
    ])
  }

  private static func sorted(_ members: [(String, JSONValue?)]) -> JSONValue {
    .object(
      members.compactMap { name, value in value.map { (name, $0) } }.sorted { $0.0 < $1.0 })
  }
}
