import FoundationEssentials

/// What Cadence itself can record in a session, which is what `history import` accepts:
/// each limit is the one the recording side keeps.
public enum SessionLimits {
  /// The longest a routine (and so a session's planned or active time) can be.
  public static let longest = DurationText.maximum
  /// The most segments a routine can have, done or skipped.
  public static let segments = Int64(ScheduleCompiler.maximumSegments)
  /// Pauses taken in one session: at most one a second of the longest session, rounded down
  /// to a round number far beyond any real one.
  public static let pauses: Int64 = 1_000_000
  /// Coins are a minute's focus each.
  public static let coins = longest / 60_000
  /// A routine is named by its `name` (at most 200 characters) or its file's name (at most
  /// 255 bytes).
  public static let routineName = 255
  /// Tasks and goals are named on the command line, at most 80 characters.
  public static let taskName = PlanningRules.maximumNameLength
  /// A session carries its task's tags and its routine's, each at most ``RoutineReader/maximumTags``.
  public static let tags = 2 * RoutineReader.maximumTags
  /// The note typed after a task's break.
  public static let note = SessionNote.maximumLength
  /// The earliest start believed: Cadence did not exist before this.
  public static let earliest = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z
  /// How far past now a session may end: another machine's clock may be a little ahead.
  public static let clockSkew: TimeInterval = 86_400
}
