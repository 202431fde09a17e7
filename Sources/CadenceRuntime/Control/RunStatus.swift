import CadenceCore
import FoundationEssentials

/// A run as `status` reports it.
public struct RunStatus: Sendable, Equatable, Codable {
  public var id: String
  public var pid: Int32
  public var routine: String
  public var path: String
  /// "running", "paused", "waiting", "finished", "stopped" or "ready".
  public var state: String
  public var segment: String?
  public var kind: String?
  /// The current segment, from 1, and how many there are.
  public var index: Int
  public var count: Int
  public var round: Int
  public var rounds: Int
  /// What is left of the current segment, in milliseconds.
  public var remainingMilliseconds: Int64
  public var elapsedMilliseconds: Int64
  public var totalMilliseconds: Int64
  /// The routine's progress, 0 to 100.
  public var percent: Int
  /// When the routine will finish if nobody intervenes, in milliseconds since 1970; nil
  /// while paused or waiting.
  public var finishAt: Int64?
  public var startedAt: Int64
  /// Whether it is a task's mandatory break (seed 003), which refuses skip and shortening.
  public var mandatory: Bool

  enum CodingKeys: String, CodingKey {
    case id, pid, routine, path, state, segment, kind, index, count, round, rounds
    case remainingMilliseconds = "remaining_ms"
    case elapsedMilliseconds = "elapsed_ms"
    case totalMilliseconds = "total_ms"
    case percent
    case finishAt = "finish_at_ms"
    case startedAt = "started_at_ms"
    case mandatory
  }

  /// The status of `engine` at `now` (milliseconds on the run's clock); `mandatory` for a
  /// task's mandatory break.
  public init(
    id: String, pid: Int32, path: String, engine: Engine, now: Int64, startWall: Date,
    mandatory: Bool = false
  ) {
    self.mandatory = mandatory
    self.id = id
    self.pid = pid
    self.path = path
    routine = engine.schedule.name
    switch engine.state {
    case .ready: state = "ready"
    case .running: state = "running"
    case .paused: state = "paused"
    case .waiting: state = "waiting"
    case .finished: state = "finished"
    case .stopped: state = "stopped"
    }
    let current = engine.currentSegment
    segment = current?.name
    kind = current?.kind.rawValue
    index = min(engine.index + 1, engine.schedule.segments.count)
    count = engine.schedule.segments.count
    round = current?.round ?? 1
    rounds = current?.rounds ?? 1
    remainingMilliseconds =
      current == nil ? 0 : max(0, engine.segmentLength - engine.segmentElapsed(at: now))
    elapsedMilliseconds = engine.elapsed(at: now)
    totalMilliseconds = engine.total
    percent =
      engine.total > 0 ? Int(min(100, elapsedMilliseconds * 100 / max(1, engine.total))) : 0
    let start = Int64((startWall.timeIntervalSince1970 * 1000).rounded())
    startedAt = start
    finishAt = engine.projectedFinish().map { start + $0 }
  }
}

extension RunStatus {
  /// Reads a status; one from a Cadence from before `mandatory` was said is not mandatory.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    id = try values.decode(String.self, forKey: .id)
    pid = try values.decode(Int32.self, forKey: .pid)
    routine = try values.decode(String.self, forKey: .routine)
    path = try values.decode(String.self, forKey: .path)
    state = try values.decode(String.self, forKey: .state)
    segment = try values.decodeIfPresent(String.self, forKey: .segment)
    kind = try values.decodeIfPresent(String.self, forKey: .kind)
    index = try values.decode(Int.self, forKey: .index)
    count = try values.decode(Int.self, forKey: .count)
    round = try values.decode(Int.self, forKey: .round)
    rounds = try values.decode(Int.self, forKey: .rounds)
    remainingMilliseconds = try values.decode(Int64.self, forKey: .remainingMilliseconds)
    elapsedMilliseconds = try values.decode(Int64.self, forKey: .elapsedMilliseconds)
    totalMilliseconds = try values.decode(Int64.self, forKey: .totalMilliseconds)
    percent = try values.decode(Int.self, forKey: .percent)
    finishAt = try values.decodeIfPresent(Int64.self, forKey: .finishAt)
    startedAt = try values.decode(Int64.self, forKey: .startedAt)
    mandatory = try values.decodeIfPresent(Bool.self, forKey: .mandatory) ?? false
  }
}
