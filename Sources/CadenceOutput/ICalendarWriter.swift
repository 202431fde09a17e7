import CadenceText
import CadenceTime

/// An iCalendar file (RFC 5545) written as it is made: each content line folded at 75 octets
/// (never inside a UTF-8 sequence) and ended by CR LF, each TEXT value escaped
/// (``ICalendarText``), the calendar's envelope written once for every calendar Cadence makes
/// (a plan's, the history's).
public struct ICalendarWriter {
  let out: ChunkedText

  public init(_ out: ChunkedText) { self.out = out }

  /// One content line as it is (its value already in the format), folded.
  public func line(_ text: String) { out.write(ICalendarText.fold(text)) }

  /// A property whose value is TEXT: `SUMMARY:Gym\, legs`.
  public func text(_ name: String, _ value: String) {
    line("\(name):\(ICalendarText.text(value))")
  }

  /// A property whose value is a list of TEXT, each escaped, separated by commas
  /// (`CATEGORIES`); nothing when the list is empty.
  public func list(_ name: String, _ values: [String]) {
    guard !values.isEmpty else { return }
    line("\(name):\(values.map(ICalendarText.text).joined(separator: ","))")
  }

  /// A property whose value is a UTC DATE-TIME, from Unix seconds.
  public func utc(_ name: String, _ seconds: Int64) { line("\(name):\(Self.utc(seconds))") }

  /// `BEGIN:VCALENDAR` and the calendar's own properties, named `name`, made by Cadence
  /// `version`.
  public func begin(name: String, version: String) {
    line("BEGIN:VCALENDAR")
    line("VERSION:2.0")
    line("PRODID:-//Cadence//Cadence \(version)//EN")
    line("CALSCALE:GREGORIAN")
    line("METHOD:PUBLISH")
    text("X-WR-CALNAME", name)
  }

  /// `END:VCALENDAR`, and everything written handed on.
  public func end() {
    line("END:VCALENDAR")
    out.flush()
  }

  /// A UTC DATE-TIME value: `20261130T152000Z`.
  public static func utc(_ seconds: Int64) -> String {
    TimeFormat.icalendar(LocalDateTime(localSeconds: seconds), utc: true)
  }

  /// Whether Unix time `seconds` falls in the years 0000 to 9999, all a DATE-TIME holds.
  public static func holds(_ seconds: Int64) -> Bool {
    (earliest...latest).contains(seconds)
  }

  static let earliest = LocalDateTime(year: 0, month: 1, day: 1).localSeconds
  static let latest =
    LocalDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59).localSeconds

  /// A DURATION value: `PT0S`, `PT27M16S`, `PT1H0M5S`, `-PT10S`.
  public static func duration(_ seconds: Int64) -> String {
    let sign = seconds < 0 ? "-" : ""
    let size = abs(seconds)
    let hours = size / 3600
    let minutes = size % 3600 / 60
    let rest = size % 60
    var text = "\(sign)PT"
    if hours > 0 { text += "\(hours)H" }
    if minutes > 0 || (hours > 0 && rest > 0) { text += "\(minutes)M" }
    if rest > 0 || (hours == 0 && minutes == 0) { text += "\(rest)S" }
    return text
  }
}
