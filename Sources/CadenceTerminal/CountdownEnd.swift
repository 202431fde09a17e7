/// How a countdown counted on a full-screen view ended, as the view needs to know it.
public struct CountdownEnd {
  /// Whether it ran to its end (not stopped).
  public var finished: Bool
  /// How much of it was counted, and its whole length, in milliseconds.
  public var counted: Int64
  public var length: Int64
  /// A signal that ended it (SIGINT, SIGTERM).
  public var signal: Int32?
  /// Whether the terminal was closed while it counted (the view left).
  public var hungUp: Bool
  /// Why it was not recorded, if it was not.
  public var unsaved: String?

  public init(
    finished: Bool, counted: Int64, length: Int64, signal: Int32?, hungUp: Bool,
    unsaved: String?
  ) {
    self.finished = finished
    self.counted = counted
    self.length = length
    self.signal = signal
    self.hungUp = hungUp
    self.unsaved = unsaved
  }
}
