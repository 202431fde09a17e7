import CadenceCore
import CadenceTime
import FoundationEssentials

/// The time axis under a pictured timeline: ticks at a round step, labelled with routine time
/// (`0:00`, `15:00`, `1:30:00`) or, when the plan has a start, with clock times (`09:15`).
struct TimelineAxis {
  let total: Int64
  let start: Date?
  let timeZone: Zone

  /// Round steps, in milliseconds, from a second to a month.
  static let steps: [Int64] = [
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200,
    86_400, 172_800, 604_800, 2_592_000,
  ].map { $0 * 1000 }

  /// The smallest round step that gives at most `maximum` ticks over the plan.
  func step(maximum: Int) -> Int64 {
    Self.steps.first { total / $0 <= Int64(maximum) } ?? Self.steps[Self.steps.count - 1]
  }

  /// The routine times of the ticks, from zero, with the end as the last one.
  func ticks(maximum: Int) -> [Int64] {
    let size = step(maximum: maximum)
    var times = Array(stride(from: Int64(0), to: total, by: Int(size)))
    times.append(total)
    return times
  }

  /// The label of a tick.
  func label(_ time: Int64, step: Int64) -> String {
    guard let start else { return DurationText.clock(time, precise: step < 1000) }
    let local = timeZone.local(start.addingTimeInterval(Double(time) / 1000))
    return TimeFormat.clock(local, seconds: step < 60_000 || local.second != 0)
  }
}
