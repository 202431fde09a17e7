/// Frame mode (seed 000): a span cut into `intervals` equal work intervals with equal pauses
/// between them.
public struct Frame: Sendable, Equatable {
  /// How the span ends: after a length, or at the next occurrence of a clock time.
  public enum End: Sendable, Equatable {
    case length(Int64)
    case finish(ClockTime)
  }

  public var end: End
  public var intervals: Int
  /// The pause between intervals; nil for the default of a tenth of one interval.
  public var pause: Int64?
  /// Whether a pause also follows the last interval, inside the frame.
  public var pauseAfterLast: Bool
  public var intervalName: String
  public var pauseName: String

  public init(
    end: End, intervals: Int, pause: Int64? = nil, pauseAfterLast: Bool = false,
    intervalName: String = "Interval", pauseName: String = "Pause"
  ) {
    self.end = end
    self.intervals = intervals
    self.pause = pause
    self.pauseAfterLast = pauseAfterLast
    self.intervalName = intervalName
    self.pauseName = pauseName
  }
}
