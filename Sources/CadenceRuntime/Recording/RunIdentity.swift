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
}
