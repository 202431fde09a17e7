/// A reminder inside a timed step: repeating (`every = "3m"`) or at given offsets from the
/// step's start.
public struct ReminderRule: Sendable, Equatable {
  public enum Timing: Sendable, Equatable {
    case every(Int64)
    case at([Int64])
  }

  public var label: String
  public var timing: Timing

  public init(label: String, timing: Timing) {
    self.label = label
    self.timing = timing
  }

  /// Offsets from the start of a step of `duration`, strictly inside it, in order.
  public func offsets(within duration: Int64) -> [Int64] {
    switch timing {
    case .every(let interval):
      return Array(stride(from: interval, to: duration, by: Int(interval)))
    case .at(let offsets):
      return offsets.filter { $0 > 0 && $0 < duration }.sorted()
    }
  }

  /// How many offsets `offsets(within:)` returns, without making them.
  public func count(within duration: Int64) -> Int64 {
    switch timing {
    case .every(let interval): return duration <= interval ? 0 : (duration - 1) / interval
    case .at(let offsets): return Int64(offsets.filter { $0 > 0 && $0 < duration }.count)
    }
  }
}
