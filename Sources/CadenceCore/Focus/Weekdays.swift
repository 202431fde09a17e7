import CadenceText

/// The days of the week a task can be worked on, Monday first.
public struct Weekdays: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue & 0x7F }

  public static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
  public static let everyDay = Weekdays(rawValue: 0x7F)
  public static let workingDays = Weekdays(rawValue: 0x1F)
  public static let weekend = Weekdays(rawValue: 0x60)

  /// The day with `index` 0 for Monday … 6 for Sunday.
  public static func day(_ index: Int) -> Weekdays { Weekdays(rawValue: 1 << index) }

  /// The day of a Gregorian `weekday` component (1 is Sunday, 2 Monday … 7 Saturday).
  public static func gregorian(_ weekday: Int) -> Weekdays { day((weekday + 5) % 7) }

  /// Reads `mon,wed,fri`, `weekdays`, `weekends`, `every day` (or `daily`, `all`); full names
  /// and any case are accepted. Returns why not, as the end of a sentence, when it cannot.
  public static func parse(_ text: String) -> Result<Weekdays, WeekdaysError> {
    let lowered = text.lowercased().trimmingSpaces
    switch lowered {
    case "every day", "everyday", "daily", "all": return .success(.everyDay)
    case "weekdays", "working days": return .success(.workingDays)
    case "weekend", "weekends": return .success(.weekend)
    default: break
    }
    var days = Weekdays()
    for part in lowered.split(separator: ",") {
      let word = String(part).trimmingSpaces
      guard word.count >= 3, let index = names.firstIndex(where: { full(of: $0).hasPrefix(word) })
      else { return .failure(WeekdaysError(word: word)) }
      days.insert(day(index))
    }
    guard !days.isEmpty else { return .failure(WeekdaysError(word: text)) }
    return .success(days)
  }

  private static func full(of short: String) -> String {
    [
      "mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday",
      "sat": "saturday", "sun": "sunday",
    ][short] ?? short
  }

  /// `every day`, `weekdays`, `weekends`, or `mon,wed,fri`.
  public var description: String {
    switch self {
    case .everyDay: return "every day"
    case .workingDays: return "weekdays"
    case .weekend: return "weekends"
    default:
      return (0..<7).filter { contains(.day($0)) }.map { Self.names[$0] }.joined(separator: ",")
    }
  }
}

/// A weekday list that names a day that does not exist.
public struct WeekdaysError: Error, Equatable, Sendable {
  public var word: String

  public var sentence: String {
    "\(QuotedText.quote(word)) is not a day of the week; write days such as mon,wed,fri, or weekdays, weekends or \"every day\""
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
