/// Places text labels along one row of a picture, left to right, refusing any that would
/// overlap a label already placed, so that a crowded timeline stays readable.
struct LabelRow {
  /// The horizontal room the row has.
  let bounds: ClosedRange<Double>
  /// The space kept clear between two labels.
  var gap: Double = 6
  private var lastEnd = -Double.infinity

  init(bounds: ClosedRange<Double>, gap: Double = 6) {
    self.bounds = bounds
    self.gap = gap
  }

  /// The centre at which a label of `width` centred on `centre` can go (moved inside the
  /// bounds if it would stick out), or nil when it would overlap the previous label.
  mutating func place(centre: Double, width: Double) -> Double? {
    let half = width / 2
    let placed = min(max(centre, bounds.lowerBound + half), bounds.upperBound - half)
    guard placed - half >= lastEnd + gap else { return nil }
    lastEnd = placed + half
    return placed
  }

  /// The width of `text` at `size` points, estimated for a sans-serif face.
  static func width(of text: String, size: Double) -> Double {
    Double(text.count) * size * 0.6
  }
}
