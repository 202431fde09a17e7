/// What a segment of a schedule is for.
public enum SegmentKind: String, Sendable, Equatable, CaseIterable, Codable {
  /// Timed effort: a set, a revision block, a focus interval.
  case work
  /// Timed rest between efforts.
  case pause
  /// Waits for the user ("drain the pasta"); takes no routine time.
  case manual
}
