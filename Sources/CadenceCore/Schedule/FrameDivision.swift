/// The arithmetic of frame mode (seed 000): a frame of `length` cut into `intervals` equal work
/// intervals and equal pauses, exact to the millisecond.
///
/// With the default pause (a tenth of one interval) the frame is counted in units: each
/// interval is 10 units and each pause 1, so with n intervals and p pauses
/// `W = 10·T / (10·n + p)`; for p = n − 1 that is the brief's `W = T / (1.1·n − 0.1)`.
/// With a given pause P, `W = (T − p·P) / n`. Each boundary is placed at its exact position
/// rounded half up, so the segments add up to the frame exactly and any remainder is spread
/// deterministically.
struct FrameDivision {
  var frame: Frame
  var length: Int64

  var pauseCount: Int { frame.intervals - 1 + (frame.pauseAfterLast ? 1 : 0) }

  func segments() throws(RoutineError) -> [Segment] {
    let boundaries = try self.boundaries()
    var segments: [Segment] = []
    segments.reserveCapacity(boundaries.count - 1)
    for position in 0..<(boundaries.count - 1) {
      let isWork = position % 2 == 0
      let ordinal = position / 2 + 1
      segments.append(
        Segment(
          index: position + 1, name: isWork ? frame.intervalName : frame.pauseName,
          kind: isWork ? .work : .pause, start: boundaries[position],
          duration: boundaries[position + 1] - boundaries[position], round: ordinal,
          rounds: isWork ? frame.intervals : pauseCount))
    }
    return segments.filter { $0.duration > 0 || $0.kind == .work }
      .enumerated().map { offset, segment in
        var renumbered = segment
        renumbered.index = offset + 1
        return renumbered
      }
  }

  /// The start of every segment, then the end of the frame.
  func boundaries() throws(RoutineError) -> [Int64] {
    let n = Int64(frame.intervals)
    let p = Int64(pauseCount)
    let segmentCount = Int(n + p)
    var boundaries: [Int64] = [0]
    boundaries.reserveCapacity(segmentCount + 1)
    if let pause = frame.pause {
      let (pauses, overflow) = pause.multipliedReportingOverflow(by: p)
      let work = length - pauses
      guard !overflow, work >= n else {
        throw noTimeLeft(pause: pause, pauses: overflow ? Int64.max : pauses)
      }
      for position in 1...segmentCount {
        let worksDone = Int64((position + 1) / 2)
        let pausesDone = Int64(position / 2)
        boundaries.append(pausesDone * pause + Self.divideRounding(worksDone * work, by: n))
      }
    } else {
      let units = 10 * n + p
      guard length >= units else {
        throw RoutineError(
          "a frame of \(DurationText.format(length)) is too short to cut into \(n) intervals; it needs at least \(DurationText.format(units))",
          at: "frame")
      }
      for position in 1...segmentCount {
        let worksDone = Int64((position + 1) / 2)
        let pausesDone = Int64(position / 2)
        let (scaled, overflow) = (10 * worksDone + pausesDone).multipliedReportingOverflow(
          by: length)
        guard !overflow else {
          throw RoutineError("the frame is too long to divide exactly", at: "frame")
        }
        boundaries.append(Self.divideRounding(scaled, by: units))
      }
    }
    return boundaries
  }

  private func noTimeLeft(pause: Int64, pauses: Int64) -> RoutineError {
    let p = pauseCount
    let intervals = Int64(frame.intervals)
    let taken =
      pauses == Int64.max
      ? "more than the limit of \(DurationText.format(DurationText.maximum))"
      : DurationText.format(pauses)
    let shortfall =
      pauses == Int64.max
      ? "shorten the pause"
      : pauses >= length
        ? "shorten the pause, or lengthen the frame by more than \(DurationText.format(pauses - length))"
        : "shorten the pause, or lengthen the frame by at least \(DurationText.format(pauses + intervals - length))"
    return RoutineError(
      "\(p) pause\(p == 1 ? "" : "s") of \(DurationText.format(pause)) take \(taken) of the \(DurationText.format(length)) frame, leaving no time for the \(intervals) intervals; \(shortfall)",
      at: "frame.pause")
  }

  /// `value / divisor` rounded half up, for non-negative values.
  static func divideRounding(_ value: Int64, by divisor: Int64) -> Int64 {
    let quotient = value / divisor
    let remainder = value % divisor
    return remainder * 2 >= divisor ? quotient + 1 : quotient
  }
}
