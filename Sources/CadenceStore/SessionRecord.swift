import CadenceCore
import FoundationEssentials

/// One session as history keeps it.
public struct SessionRecord: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable { case routine, timer, focus, `break` }
  public enum Outcome: String, Sendable { case completed, stopped }

  /// The longest note, in characters: what the prompt after a task's break takes, and
  /// `focus --note`.
  public static let maximumNoteLength = SessionNote.maximumLength

  /// The row id in this database (nil before it is saved).
  public var id: Int64?
  /// The stable id, the same on every machine the session is imported into.
  public var uuid: String
  public var kind: Kind
  public var routine: String?
  public var routineHash: String?
  public var task: String?
  /// The goal of the task, as it was when the session was saved.
  public var goal: String?
  public var tags: [String]
  public var startedAt: Date
  public var endedAt: Date
  public var plannedMilliseconds: Int64
  public var activeMilliseconds: Int64
  public var outcome: Outcome
  public var segmentsDone: Int
  public var segmentsSkipped: Int
  public var pauses: Int
  public var note: String?
  public var coins: Int
  /// Whether the run was resumed after its process died.
  public var resumed: Bool

  public init(
    id: Int64? = nil, uuid: String = SessionRecord.newUUID(), kind: Kind, routine: String?,
    routineHash: String? = nil,
    task: String? = nil, goal: String? = nil, tags: [String] = [], startedAt: Date, endedAt: Date,
    plannedMilliseconds: Int64, activeMilliseconds: Int64, outcome: Outcome,
    segmentsDone: Int = 0, segmentsSkipped: Int = 0, pauses: Int = 0, note: String? = nil,
    coins: Int = 0, resumed: Bool = false
  ) {
    self.id = id
    self.uuid = uuid
    self.kind = kind
    self.routine = routine
    self.routineHash = routineHash
    self.task = task
    self.goal = goal
    self.tags = tags
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.plannedMilliseconds = plannedMilliseconds
    self.activeMilliseconds = activeMilliseconds
    self.outcome = outcome
    self.segmentsDone = segmentsDone
    self.segmentsSkipped = segmentsSkipped
    self.pauses = pauses
    self.note = note
    self.coins = coins
    self.resumed = resumed
  }

  /// A new random id in the usual lower-case form.
  public static func newUUID() -> String { UUID().uuidString.lowercased() }
}
