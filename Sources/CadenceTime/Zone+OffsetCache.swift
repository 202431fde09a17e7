extension Zone {
  /// A zone's offsets, each looked up once for the span of instants it holds for: for a
  /// writer of many times in order (a row each of `history`), which then costs a comparison
  /// a time until the clocks change.
  public struct OffsetCache {
    public let zone: Zone
    private var offset = 0
    private var from: Int64 = 1
    private var until: Int64 = 0

    public init(_ zone: Zone) { self.zone = zone }

    /// Seconds the zone's clocks are ahead of UTC at `instant`, as ``Zone/offset(at:)`` says.
    public mutating func offset(at instant: Int64) -> Int {
      if instant >= from, instant < until { return offset }
      let span = zone.span(at: instant)
      (offset, from, until) = (span.period.offset, span.from, span.until)
      return offset
    }

    /// The wall-clock date and time at `instant`, as ``Zone/local(_:)`` says.
    public mutating func local(_ instant: Int64) -> LocalDateTime {
      LocalDateTime(localSeconds: instant + Int64(offset(at: instant)))
    }
  }
}
