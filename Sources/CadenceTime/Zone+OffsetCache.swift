extension Zone {
  /// The offset at `instant`, with instants around it (`from` to `until`, the end left out)
  /// at each of which ``offset(at:)`` gives the same, read as that method reads it: between
  /// the file's transitions either side, or the rule's changes within the year.
  func offsetSpan(at instant: Int64) -> (offset: Int, from: Int64, until: Int64) {
    switch source {
    case .rule(let rule):
      return rule.span(at: instant)
    case .file(let file):
      let transitions = file.transitions
      if let footer = file.footer, transitions.last.map({ instant >= $0 }) ?? true {
        let span = footer.span(at: instant)
        return (span.offset, max(span.from, transitions.last ?? Int64.min), span.until)
      }
      guard let firstChange = transitions.first, instant >= firstChange else {
        return (file.types[0].offset, Int64.min, transitions.first ?? Int64.max)
      }
      var low = 0
      var high = transitions.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if transitions[middle] <= instant { low = middle } else { high = middle }
      }
      let until = low + 1 < transitions.count ? transitions[low + 1] : Int64.max
      return (file.types[file.typeIndices[low]].offset, transitions[low], until)
    }
  }

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
      (offset, from, until) = zone.offsetSpan(at: instant)
      return offset
    }

    /// The wall-clock date and time at `instant`, as ``Zone/local(_:)`` says.
    public mutating func local(_ instant: Int64) -> LocalDateTime {
      LocalDateTime(localSeconds: instant + Int64(offset(at: instant)))
    }
  }
}
