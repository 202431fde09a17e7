/// Dates and times as Cadence writes and reads them, in English and without a locale:
/// `09:05`, `2026-11-30`, RFC 3339 timestamps, RFC 5545 (iCalendar) date-times, and the names
/// of months and weekdays.
public enum TimeFormat {
  /// `09:05:07`, or `09:05` without the seconds.
  public static func clock(_ time: LocalDateTime, seconds: Bool = true) -> String {
    let clock = pad(time.hour) + ":" + pad(time.minute)
    return seconds ? clock + ":" + pad(time.second) : clock
  }

  /// `2026-11-30`.
  public static func date(_ time: LocalDateTime) -> String {
    pad(time.year, 4) + "-" + pad(time.month) + "-" + pad(time.day)
  }

  /// RFC 3339: `2026-11-30T15:20:00.123Z` for an offset of zero, `…+05:30` otherwise; the
  /// milliseconds only when given.
  public static func rfc3339(_ time: LocalDateTime, milliseconds: Int? = nil, offset: Int)
    -> String
  {
    var text = date(time) + "T" + clock(time)
    if let milliseconds { text += "." + pad(milliseconds, 3) }
    guard offset != 0 else { return text + "Z" }
    let size = abs(offset) / 60
    return text + (offset < 0 ? "-" : "+") + pad(size / 60) + ":" + pad(size % 60)
  }

  /// An RFC 5545 DATE-TIME: `20261130T152000`, with a `Z` when the time is UTC.
  public static func icalendar(_ time: LocalDateTime, utc: Bool) -> String {
    pad(time.year, 4) + pad(time.month) + pad(time.day) + "T" + pad(time.hour) + pad(time.minute)
      + pad(time.second) + (utc ? "Z" : "")
  }

  static let weekdays = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// `Monday` for ISO weekday 1 … `Sunday` for 7; `Mon` … `Sun` abbreviated.
  public static func weekdayName(_ weekday: Int, abbreviated: Bool = false) -> String {
    let name = weekdays[(weekday - 1 + 7) % 7]
    return abbreviated ? String(name.prefix(3)) : name
  }

  /// `January` for 1 … `December` for 12; `Jan` … `Dec` abbreviated.
  public static func monthName(_ month: Int, abbreviated: Bool = false) -> String {
    let name = months[(month - 1 + 12) % 12]
    return abbreviated ? String(name.prefix(3)) : name
  }

  /// The milliseconds since 1970 of an RFC 3339 timestamp with a fraction of a second:
  /// `2026-11-30T15:20:00.123Z` or `2026-11-30T16:20:00.123+01:00` (`+0100` too). Digits past
  /// the milliseconds are dropped; nil when the text is not such a timestamp or not a real date.
  public static func rfc3339Milliseconds(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { rfc3339Milliseconds($0) }
  }

  /// ``rfc3339Milliseconds(_:)-(String)`` of text as UTF-8 bytes.
  public static func rfc3339Milliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var scanner = Digits(bytes)
    guard let year = scanner.number(4), scanner.take(0x2D), let month = scanner.number(2),
      scanner.take(0x2D), let day = scanner.number(2), scanner.take(0x54),
      let hour = scanner.number(2), scanner.take(0x3A), let minute = scanner.number(2),
      scanner.take(0x3A), let second = scanner.number(2), scanner.take(0x2E)
    else { return nil }
    var milliseconds = 0
    var digits = 0
    while let digit = scanner.number(1) {
      if digits < 3 { milliseconds = milliseconds * 10 + digit }
      digits += 1
    }
    guard digits > 0 else { return nil }
    for _ in digits..<max(digits, 3) { milliseconds *= 10 }
    var offset = 0
    // `Z`, or `+` or `-` and hours and minutes, a colon between them or not.
    if !scanner.take(0x5A) {
      let sign = scanner.take(0x2B) ? 1 : scanner.take(0x2D) ? -1 : 0
      guard sign != 0, let hours = scanner.number(2), hours < 24 else { return nil }
      _ = scanner.take(0x3A)
      guard let minutes = scanner.number(2), minutes < 60 else { return nil }
      offset = sign * (hours * 60 + minutes) * 60
    }
    let time = LocalDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard scanner.isAtEnd, time.isValid else { return nil }
    return (time.localSeconds - Int64(offset)) * 1000 + Int64(milliseconds)
  }

  /// `value` in decimal with zeros before it up to `width` digits.
  public static func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }

  /// Reads fixed-width decimal numbers and separators from ASCII bytes.
  private struct Digits {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    /// Takes `byte` when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    /// Exactly `count` digits, or nil with nothing taken.
    mutating func number(_ count: Int) -> Int? {
      guard bytes.count - position >= count else { return nil }
      var value = 0
      for index in position..<position + count {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      position += count
      return value
    }
  }
}
