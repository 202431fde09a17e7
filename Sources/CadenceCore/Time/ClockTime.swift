import CadenceTime
import FoundationEssentials

/// A time of day such as `"17:30"`, `"17:30:15"`, `"5pm"` or `"5:30 pm"`, meaning its next
/// occurrence.
public struct ClockTime: Sendable, Equatable, CustomStringConvertible {
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Reads a clock time; nil when the text is not one.
  public init?(parsing raw: String) {
    var text = raw.trimmingWhitespace().lowercased()
    var meridiem: String?
    for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
      meridiem = suffix
      text = String(text.dropLast(2)).trimmingWhitespace()
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard (1...3).contains(parts.count), parts.count > 1 || meridiem != nil,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }),
      parts.dropFirst().allSatisfy({ $0.count == 2 })
    else { return nil }
    var hour = Int(parts[0]) ?? -1
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    let minute = parts.count > 1 ? Int(parts[1]) ?? -1 : 0
    let second = parts.count > 2 ? Int(parts[2]) ?? -1 : 0
    self.init(hour: hour, minute: minute, second: second)
  }

  public var description: String {
    let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return second == 0
      ? "\(pad(hour)):\(pad(minute))" : "\(pad(hour)):\(pad(minute)):\(pad(second))"
  }

  /// The first instant strictly after `now` at which a clock in `zone` shows this time.
  /// On a day when the time does not exist (a daylight-saving jump) the moment the clocks
  /// jump past it; a time shown twice is the first.
  public func nextOccurrence(after now: Date, in zone: Zone) -> Date {
    let today = zone.local(now)
    for days in 0...2 {
      var wanted = today.addingDays(days)
      wanted.hour = hour
      wanted.minute = minute
      wanted.second = second
      let instant = zone.date(of: wanted, gap: .atTransition)
      if instant > now { return instant }
    }
    return now.addingTimeInterval(86_400)
  }
}
