import CadenceCore

/// What a pictured timeline draws where things are narrower than a pixel: runs of segments
/// merged into one bar, and marks that fall within a pixel of each other merged into one, so
/// that a plan of any size makes a picture of bounded size that still reads.
enum TimelineMerge {
  /// A piece of the bar: one segment, or a run of segments each narrower than a pixel.
  struct Bar {
    var start: Int64
    var end: Int64
    /// The segment, when the piece is one.
    var single: Segment?
    var count = 0
    var workCount = 0
    var workTime: Int64 = 0
    var pauseTime: Int64 = 0

    /// The share of the piece's time that is work, from 0 to 1.
    var workShare: Double {
      let time = workTime + pauseTime
      return time > 0 ? Double(workTime) / Double(time) : 0
    }

    /// "1200 segments, 0:00 to 1:00:00: 600 work (40:00), 600 pauses (20:00)".
    var summary: String {
      let pauses = count - workCount
      return
        "\(count) segments, \(DurationText.clock(start)) to \(DurationText.clock(end)): \(workCount) work (\(DurationText.clock(workTime))), \(pauses) pause\(pauses == 1 ? "" : "s") (\(DurationText.clock(pauseTime)))"
    }
  }

  /// The timed segments of `segments` as bar pieces, at `scale` pixels a millisecond: a
  /// segment a pixel wide or more is a piece of its own; consecutive narrower ones are
  /// gathered into one piece until it is a pixel wide, and a piece shaded as the merged piece
  /// before it joins that piece.
  static func bars(_ segments: [Segment], scale: Double) -> [Bar] {
    var bars: [Bar] = []
    var run: Bar?
    func close() {
      guard let gathered = run else { return }
      run = nil
      if gathered.count == 1, let only = gathered.single {
        bars.append(Bar(start: only.start, end: only.end, single: only, count: 1))
      } else if var last = bars.last, last.single == nil, last.end == gathered.start,
        blend(workShare: last.workShare) == blend(workShare: gathered.workShare)
      {
        // A run shaded as the one before it continues that bar: one shape, and no seam
        // where a viewer smooths the edges of two.
        last.end = gathered.end
        last.count += gathered.count
        last.workCount += gathered.workCount
        last.workTime += gathered.workTime
        last.pauseTime += gathered.pauseTime
        bars[bars.count - 1] = last
      } else {
        var merged = gathered
        merged.single = nil
        bars.append(merged)
      }
    }
    for segment in segments where segment.duration > 0 {
      if Double(segment.duration) * scale >= 1 {
        close()
        bars.append(Bar(start: segment.start, end: segment.end, single: segment, count: 1))
        continue
      }
      var gathered = run ?? Bar(start: segment.start, end: segment.start, single: segment)
      gathered.end = segment.end
      gathered.count += 1
      if segment.kind == .work {
        gathered.workCount += 1
        gathered.workTime += segment.duration
      } else {
        gathered.pauseTime += segment.duration
      }
      run = gathered
      if Double(gathered.end - gathered.start) * scale >= 1 { close() }
    }
    close()
    return bars
  }

  /// A mark for one or more things at nearly the same place: how many there are, when the
  /// first and the last happen, and the first few different labels among them.
  struct Mark {
    /// The most labels a mark keeps to show.
    static let shownLabels = 3

    var x: Double
    var count: Int
    var firstTime: Int64
    var lastTime: Int64
    var labels: [String]

    /// The label of a mark of one; for more, "12 reminders, 1:00 to 1:05: Stir; Taste; and
    /// others" (or "at 1:00" when they fall at one time).
    func summary(one: String, many: String) -> String {
      guard count > 1 else { return labels.first ?? one }
      let first = DurationText.clock(firstTime)
      let when =
        firstTime == lastTime ? "at \(first)" : "\(first) to \(DurationText.clock(lastTime))"
      let shown = labels.joined(separator: "; ")
      let others = labels.count == Self.shownLabels ? "; and others" : ""
      return "\(count) \(many), \(when): \(shown)\(others)"
    }
  }

  /// `items`, in order of time, as marks at least a pixel apart: one that falls within a
  /// pixel of the mark before joins it.
  static func marks<Item>(
    _ items: some Sequence<Item>, time: (Item) -> Int64, label: (Item) -> String,
    x: (Int64) -> Double
  ) -> [Mark] {
    var marks: [Mark] = []
    for item in items {
      let at = time(item)
      let position = x(at)
      guard var last = marks.last, position - last.x < 1 else {
        marks.append(
          Mark(x: position, count: 1, firstTime: at, lastTime: at, labels: [label(item)]))
        continue
      }
      last.count += 1
      last.lastTime = at
      if last.labels.count < Mark.shownLabels {
        let text = label(item)
        if !last.labels.contains(text) { last.labels.append(text) }
      }
      marks[marks.count - 1] = last
    }
    return marks
  }

  /// A fill between work's ink and a pause's grey, by the share of work.
  static func blend(workShare: Double) -> String {
    let ink = 0x11
    let pause = 0xd4
    let level = Int((Double(pause) + (Double(ink) - Double(pause)) * workShare).rounded())
    let hex = String(min(255, max(0, level)), radix: 16)
    let byte = hex.count == 1 ? "0" + hex : hex
    return "#" + byte + byte + byte
  }
}
