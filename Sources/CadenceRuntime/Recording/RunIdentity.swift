import CadenceCore
import CadenceStore

/// What a run records about itself: the kind of session, and for a routine the text it ran
/// and its parameters, so that `resume` can rebuild it after the process died.
public struct RunIdentity: Sendable {
  public var kind: SessionRecord.Kind
  /// The routine's file, or a name for a run without one (a study timer).
  public var path: String
  /// The routine's text as it ran; empty for a run without a file.
  public var source: [UInt8]
  public var parameters: [(name: String, value: String)]
  /// The task the run is recorded against.
  public var task: String?
  /// The task's goal, recorded with the session.
  public var goal: String?
  /// Tags recorded with the session besides the schedule's own (a task's tags).
  public var tags: [String]
  /// The id the session is recorded under, known before it ends (to add a note to it later).
  public var sessionUUID: String
  /// Whether it is a task's mandatory break (seed 003): it cannot be skipped or shortened.
  public var mandatoryBreak = false
  /// The note saved on the task's focus session when the task's session is finished.
  public var note: String?
  /// The focus session the note is saved on, for a task's mandatory break.
  public var noteSession: String?
  /// A timer's, focus session's or break's schedule, kept as data with the run (see
  /// `countdown(_:schedule:)`); nil for a routine, whose text is kept instead.
  public var countdown: Schedule?

  public init(
    kind: SessionRecord.Kind = .routine, path: String, source: [UInt8],
    parameters: [(name: String, value: String)] = [], task: String? = nil, goal: String? = nil,
    tags: [String] = [], sessionUUID: String = SessionRecord.newUUID()
  ) {
    self.kind = kind
    self.path = path
    self.source = source
    self.parameters = parameters
    self.task = task
    self.goal = goal
    self.tags = tags
    self.sessionUUID = sessionUUID
  }

  /// What the run's record keeps besides its routine, so that `resume` brings back the same.
  public var details: ActiveRun.Details {
    ActiveRun.Details(
      task: task, goal: goal, tags: tags, sessionUUID: sessionUUID,
      mandatoryBreak: mandatoryBreak, note: note, noteSession: noteSession, countdown: countdown)
  }

  /// The identity of a kept run, as it was when it started: a timer or focus session is kept
  /// as `cadence:KIND` and keeps its kind; a run kept before its details were gets a new
  /// session id and `task`.
  public init(restoring run: ActiveRun, task fallback: String? = nil) {
    let kind =
      run.routinePath.hasPrefix("cadence:")
      ? SessionRecord.Kind(rawValue: String(run.routinePath.dropFirst(8))) : nil
    let details = run.details
    self.init(
      kind: kind ?? .routine, path: run.routinePath, source: run.routineSource,
      parameters: run.parameters, task: details.task ?? fallback, goal: details.goal,
      tags: details.tags, sessionUUID: details.sessionUUID ?? SessionRecord.newUUID())
    mandatoryBreak = details.mandatoryBreak
    note = details.note
    noteSession = details.noteSession
    countdown = details.countdown
  }
}
