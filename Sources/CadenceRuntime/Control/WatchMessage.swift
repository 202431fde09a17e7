import CadenceCore

/// One line of the stream a `watch` request gets: `hello` (the schedule, the engine, the last
/// messages and notices, the question open), then `update`, `notice` and `question` lines as
/// the run goes, and `end`.
public struct WatchMessage: Sendable, Codable {
  /// An event with what Cadence said about it.
  public struct Said: Sendable, Codable {
    public var event: EngineEvent
    public var message: String?
    public var title: String?

    public init(_ narration: Narration) {
      event = narration.event
      message = narration.message
      title = narration.title
    }
  }

  public var v = ControlRequest.version
  /// "hello", "update", "notice", "question" or "end".
  public var type: String
  public var schedule: Schedule?
  public var startedAt: Int64?
  public var engine: Engine.Snapshot?
  /// When the run read its clock for these events, and when this line was sent, in
  /// microseconds of the run's clock.
  public var observed: Int64?
  public var sent: Int64?
  public var events: [Said]?
  public var notices: [String]?
  /// How a countdown looks in its view (a hello's, for a countdown).
  public var face: CountdownFace?
  /// The question the run puts to its views, which they answer with an `idle-return` request
  /// (a focus back from idleness: keep the time away, or discard it); in a `question` line,
  /// none means the question is no longer open. A hello's is the one open when it was sent.
  public var question: String?
  /// An end's: the sentence spelling out the session of a run that could not be recorded (a
  /// full, read-only, locked or damaged database); none when it was recorded.
  public var unsaved: String?

  public init(type: String) { self.type = type }
}
