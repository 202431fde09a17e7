/// A date and a time of day as a wall clock shows them, in the proleptic Gregorian calendar.
///
/// It knows nothing of time zones: ``Zone`` turns an instant into one and back. Days are
/// counted from 1970-01-01 (day 0), seconds of a "local epoch" are days × 86 400 plus the time
/// of day, so that arithmetic on local dates is arithmetic on integers.
public struct LocalDateTime: Sendable, Hashable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The date and time `localSeconds` after 1970-01-01 00:00 on the same wall clock.
  public init(localSeconds: Int64) {
    let days = Self.floorDivide(localSeconds, 86_400)
    let rest = Int(localSeconds - days * 86_400)
    let date = Self.civil(fromDays: days)
    self.init(
      year: date.year, month: date.month, day: date.day, hour: rest / 3600,
      minute: rest % 3600 / 60, second: rest % 60)
  }

  /// Whether every field is in range: a month of 1 to 12, a day that the month has, and a
  /// time from 00:00:00 to 23:59:59.
  public var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.daysIn(month: month, year: year)
      && (0..<24).contains(hour) && (0..<60).contains(minute) && (0..<60).contains(second)
  }

  /// Days from 1970-01-01 to this date (negative before it). Fields out of range carry over,
  /// as a month of 13 is January of the next year and a day of 0 the last of the month before.
  public var dayNumber: Int64 {
    let months = Int64(year) * 12 + Int64(month - 1)
    let wholeYear = Self.floorDivide(months, 12)
    let monthOfYear = Int(months - wholeYear * 12) + 1
    return Self.days(year: wholeYear, month: monthOfYear, day: 1) + Int64(day - 1)
  }

  /// Seconds from 1970-01-01 00:00 on the same wall clock (see ``init(localSeconds:)``).
  public var localSeconds: Int64 {
    dayNumber * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
  }

  /// The day of the week, ISO 8601 style: 1 is Monday, 7 is Sunday.
  public var weekday: Int { Self.weekday(dayNumber: dayNumber) }

  /// The same time of day `count` days later (earlier when negative), on the calendar.
  public func addingDays(_ count: Int) -> LocalDateTime {
    var date = LocalDateTime(localSeconds: (dayNumber + Int64(count)) * 86_400)
    date.hour = hour
    date.minute = minute
    date.second = second
    return date
  }

  /// `2026-11-30 09:05:00`.
  public var description: String { TimeFormat.date(self) + " " + TimeFormat.clock(self) }

  /// The ISO weekday (1 Monday … 7 Sunday) of a day counted from 1970-01-01, a Thursday.
  public static func weekday(dayNumber: Int64) -> Int {
    Int((dayNumber % 7 + 7 + 3) % 7) + 1
  }

  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to a valid date. The year is counted from March, so that the leap
  /// day falls at the end of it, and in 400-year cycles of 146 097 days.
  static func days(year: Int64, month: Int, day: Int) -> Int64 {
    let shifted = month <= 2 ? year - 1 : year
    let cycle = floorDivide(shifted, 400)
    let yearOfCycle = shifted - cycle * 400
    let monthFromMarch = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
    let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
    return cycle * 146_097 + dayOfCycle - 719_468
  }

  /// The date of a day counted from 1970-01-01: the inverse of ``days(year:month:day:)``.
  static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let fromMarchZero = days + 719_468
    let cycle = floorDivide(fromMarchZero, 146_097)
    let dayOfCycle = fromMarchZero - cycle * 146_097
    let yearOfCycle =
      (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
    let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5) + 1
    let month = Int(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9)
    let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), month, day)
  }

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }
}
