/// A POSIX TZ rule such as `UTC0`, `<+03>-3` or `EST5EDT,M3.2.0,M11.1.0`: a standard time,
/// and perhaps a daylight-saving time with the dates it starts and ends each year.
///
/// It is what `$TZ` may hold, and what a TZif file's footer holds for the instants after its
/// last transition. Offsets are written west-positive (`EST5` is five hours behind UTC) and
/// kept here east-positive, as seconds to add to UTC. A date is `Jn` (day 1 to 365, never
/// counting 29 February), `n` (day 0 to 365, counting it) or `Mm.w.d` (weekday `d`, 0 being
/// Sunday, of week `w` of month `m`, week 5 meaning the last); a time after `/` may be
/// negative or past 24 hours (RFC 8536), and is 02:00 when left out. Daylight-saving time
/// without dates follows the United States' rule, `M3.2.0,M11.1.0`, as glibc does.
struct PosixRule: Sendable, Equatable {
  struct Period: Sendable, Equatable {
    var abbreviation: String
    var offset: Int
  }

  enum Day: Sendable, Equatable {
    case julian(Int)
    case zeroBased(Int)
    case weekOfMonth(month: Int, week: Int, weekday: Int)
  }

  struct Change: Sendable, Equatable {
    var day: Day
    /// Seconds after the local midnight of that day, on the clock before the change.
    var time: Int
  }

  var standard: Period
  var daylight: Period?
  var start = Change(day: .weekOfMonth(month: 3, week: 2, weekday: 0), time: 7200)
  var end = Change(day: .weekOfMonth(month: 11, week: 1, weekday: 0), time: 7200)

  /// Reads a rule; nil when `text` is not one.
  init?(_ text: String) {
    var scanner = Scanner(Array(text.utf8))
    guard let name = scanner.name(), let offset = scanner.time(maximumHours: 24) else {
      return nil
    }
    standard = Period(abbreviation: name, offset: -offset)
    if scanner.isAtEnd { return }
    guard let daylightName = scanner.name() else { return nil }
    var daylightOffset = standard.offset + 3600
    if let offset = scanner.time(maximumHours: 24) { daylightOffset = -offset }
    daylight = Period(abbreviation: daylightName, offset: daylightOffset)
    if scanner.isAtEnd { return }
    guard scanner.take(","), let start = scanner.change(), scanner.take(","),
      let end = scanner.change(), scanner.isAtEnd
    else { return nil }
    self.start = start
    self.end = end
  }

  /// The period in effect at `instant` (seconds since 1970 UTC), and whether it is
  /// daylight-saving time.
  func period(at instant: Int64) -> (period: Period, isDaylight: Bool) {
    let span = span(at: instant)
    return (span.period, span.isDaylight)
  }

  /// The period in effect at `instant` and whether it is daylight-saving time, with the
  /// instants around it (`from` to `until`, the end left out) at each of which the same holds:
  /// those between the changes either side of it, within its year. The last change of the
  /// years around it at or before the instant rules.
  func span(at instant: Int64) -> (period: Period, isDaylight: Bool, from: Int64, until: Int64) {
    guard let daylight else { return (standard, false, Int64.min, Int64.max) }
    let year = LocalDateTime(localSeconds: instant).year
    var changes: [(at: Int64, toDaylight: Bool)] = []
    for around in year - 1...year + 1 {
      changes.append((self.instant(of: start, in: around, offset: standard.offset), true))
      changes.append((self.instant(of: end, in: around, offset: daylight.offset), false))
    }
    changes.sort { $0.at < $1.at }
    let yearStart = LocalDateTime.days(year: Int64(year), month: 1, day: 1) * 86_400
    let nextYear = LocalDateTime.days(year: Int64(year) + 1, month: 1, day: 1) * 86_400
    let ruling = changes.lastIndex { $0.at <= instant }
    let toDaylight = changes[ruling ?? 0].toDaylight
    let from = ruling.map { changes[$0].at } ?? yearStart
    let next = ruling.map { $0 + 1 } ?? 0
    let until = next < changes.count ? changes[next].at : nextYear
    return (
      toDaylight ? daylight : standard, toDaylight, max(from, yearStart), min(until, nextYear)
    )
  }

  /// The UTC instant of a change in `year`, read on a clock `offset` seconds ahead of UTC.
  private func instant(of change: Change, in year: Int, offset: Int) -> Int64 {
    let january = LocalDateTime.days(year: Int64(year), month: 1, day: 1)
    let day: Int64
    switch change.day {
    case .julian(let number):
      let leapDay = LocalDateTime.isLeap(year) && number >= 60 ? 1 : 0
      day = january + Int64(number - 1 + leapDay)
    case .zeroBased(let number):
      day = january + Int64(number)
    case .weekOfMonth(let month, let week, let weekday):
      let first = LocalDateTime.days(year: Int64(year), month: month, day: 1)
      // ISO weekday 7 (Sunday) is POSIX weekday 0.
      let firstWeekday = LocalDateTime.weekday(dayNumber: first) % 7
      var date = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
      while date > LocalDateTime.daysIn(month: month, year: year) { date -= 7 }
      day = first + Int64(date - 1)
    }
    return day * 86_400 + Int64(change.time) - Int64(offset)
  }

  /// Reads the parts of a rule from its bytes.
  private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func take(_ character: Character) -> Bool {
      guard let next, next == character.asciiValue else { return false }
      position += 1
      return true
    }

    /// A name of three or more letters, or of three or more letters, digits, `+` and `-`
    /// between `<` and `>`.
    mutating func name() -> String? {
      let quoted = take("<")
      let begin = position
      while let next,
        isLetter(next)
          || (quoted && (isDigit(next) || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")))
      {
        position += 1
      }
      let name = String(decoding: bytes[begin..<position], as: UTF8.self)
      guard name.utf8.count >= 3, !quoted || take(">") else { return nil }
      return name
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, or nil (and nothing taken) when there is none.
    mutating func time(maximumHours: Int) -> Int? {
      let begin = position
      let negative = take("-")
      if !negative { _ = take("+") }
      guard let hours = number(maximum: maximumHours, digits: 3) else {
        position = begin
        return nil
      }
      var seconds = hours * 3600
      for unit in [60, 1] {
        guard take(":") else { break }
        guard let value = number(maximum: 59, digits: 2) else { return nil }
        seconds += value * unit
      }
      return negative ? -seconds : seconds
    }

    /// `date[/time]`.
    mutating func change() -> Change? {
      let day: Day
      if take("J") {
        guard let number = number(maximum: 365, digits: 3), number >= 1 else { return nil }
        day = .julian(number)
      } else if take("M") {
        guard let month = number(maximum: 12, digits: 2), month >= 1, take("."),
          let week = number(maximum: 5, digits: 1), week >= 1, take("."),
          let weekday = number(maximum: 6, digits: 1)
        else { return nil }
        day = .weekOfMonth(month: month, week: week, weekday: weekday)
      } else {
        guard let number = number(maximum: 365, digits: 3) else { return nil }
        day = .zeroBased(number)
      }
      var time = 7200
      if take("/") {
        guard let value = self.time(maximumHours: 167) else { return nil }
        time = value
      }
      return Change(day: day, time: time)
    }

    /// One to `digits` decimal digits worth at most `maximum`.
    private mutating func number(maximum: Int, digits: Int) -> Int? {
      var value = 0
      var count = 0
      while let next, isDigit(next), count < digits {
        value = value * 10 + Int(next - UInt8(ascii: "0"))
        position += 1
        count += 1
      }
      return count > 0 && value <= maximum ? value : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    private func isLetter(_ byte: UInt8) -> Bool {
      (65...90).contains(byte) || (97...122).contains(byte)
    }
  }
}
