import CadenceCore
import CadenceStore

extension RunIdentity {
  /// A timer's, focus session's or break's countdown: kept as `cadence:KIND` with `schedule`
  /// as data, so that `resume` rebuilds it without any routine text.
  public static func countdown(
    _ kind: SessionRecord.Kind, schedule: Schedule, task: String? = nil, goal: String? = nil,
    tags: [String] = [], sessionUUID: String = SessionRecord.newUUID()
  ) -> RunIdentity {
    var identity = RunIdentity(
      kind: kind, path: countdownPath(for: kind), source: [], task: task, goal: goal, tags: tags,
      sessionUUID: sessionUUID)
    identity.countdown = schedule
    return identity
  }

  /// The path a countdown's run is kept under: `cadence:timer`, `cadence:focus`, `cadence:break`.
  public static func countdownPath(for kind: SessionRecord.Kind) -> String {
    "cadence:\(kind.rawValue)"
  }

  /// Whether a run's path is a countdown's: `cadence:timer`, `cadence:focus`, `cadence:break`.
  public static func isCountdown(path: String) -> Bool {
    [SessionRecord.Kind.timer, .focus, .break].contains { countdownPath(for: $0) == path }
  }

  /// The run kept for this identity, not yet carried by any process (`pid` 0 unless given),
  /// started at `startedAt` (milliseconds since 1970).
  public func keptRun(startedAt: Int64, pid: Int32 = 0) -> ActiveRun {
    ActiveRun(
      id: 0, routinePath: path, routineSource: source, routineHash: RoutineHash.hex(source),
      parameters: parameters, startedAt: startedAt, pid: pid, heartbeatAt: startedAt,
      actions: [], details: details)
  }
}
