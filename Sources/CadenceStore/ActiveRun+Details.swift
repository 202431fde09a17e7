import CadenceCore

extension ActiveRun {
  /// What a run is besides its routine, kept so that `resume` brings back the same kind of run
  /// with the same rules: what its session is recorded against and under, and, for a task's
  /// focus session, its mandatory break and note. A run kept by a Cadence from before these
  /// were kept has them all empty.
  public struct Details: Sendable, Equatable {
    /// The task the run is recorded against.
    public var task: String?
    /// The task's goal.
    public var goal: String?
    /// Tags recorded with the session besides the routine's own (a task's tags).
    public var tags: [String]
    /// The id its session is recorded under; nil when it was not kept.
    public var sessionUUID: String?
    /// Whether it is a task's mandatory break: it cannot be skipped or shortened.
    public var mandatoryBreak: Bool
    /// The note saved when the task's session is finished (`focus --note`).
    public var note: String?
    /// The focus session that note is saved on, for a task's mandatory break.
    public var noteSession: String?
    /// A timer's, focus session's or break's countdown, kept as its schedule (no routine
    /// text); nil for a routine, and for a countdown kept by a Cadence from before, whose
    /// routine text is the countdown written as Lua.
    public var countdown: Schedule?

    public init(
      task: String? = nil, goal: String? = nil, tags: [String] = [], sessionUUID: String? = nil,
      mandatoryBreak: Bool = false, note: String? = nil, noteSession: String? = nil,
      countdown: Schedule? = nil
    ) {
      self.task = task
      self.goal = goal
      self.tags = tags
      self.sessionUUID = sessionUUID
      self.mandatoryBreak = mandatoryBreak
      self.note = note
      self.noteSession = noteSession
      self.countdown = countdown
    }
  }
}
