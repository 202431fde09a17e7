/// A time zone: the offset from UTC its clocks show at each instant, with the abbreviation and
/// whether it is daylight-saving time, and the conversions between instants and wall-clock
/// dates and times.
///
/// Instants are whole seconds since 1970-01-01 00:00 UTC (``Zone+Date.swift`` takes `Date`s).
/// A zone comes from a TZif file of the system, a POSIX TZ rule, or is UTC; ``current`` is
/// the one `$TZ` and `/etc/localtime` choose, as the C library does.
public struct Zone: Sendable, Equatable {
  /// The zone's name: `Europe/London`, a POSIX rule as given (`EST5EDT,M3.2.0,M11.1.0`), the
  /// path of a file outside the zone folder, or `UTC`.
  public let identifier: String
  let source: Source

  enum Source: Sendable, Equatable {
    case rule(PosixRule)
    case file(TZif)
  }

  /// What a wall-clock time that the clocks skip (a spring-forward gap) means.
  public enum Gap: Sendable {
    /// The time as far after the gap as it was into it: 01:30 where 01:00 jumps to 02:00 is
    /// 02:30, as Foundation's `Calendar.date(from:)` has it.
    case shiftedByGap
    /// The moment the clocks jump: 02:00 in that example, as `Calendar.startOfDay` and
    /// `nextDate(…, matchingPolicy: .nextTime)` have it.
    case atTransition
  }

  /// Coordinated Universal Time.
  public static let utc = Zone(identifier: "UTC", source: .rule(PosixRule("UTC0")!))

  init(identifier: String, source: Source) {
    self.identifier = identifier
    self.source = source
  }

  /// A zone that follows a POSIX TZ rule such as `EST5EDT,M3.2.0,M11.1.0` or `<+0530>-5:30`;
  /// nil when `rule` is not one.
  public init?(posixRule rule: String) {
    guard let parsed = PosixRule(rule) else { return nil }
    self.init(identifier: rule, source: .rule(parsed))
  }

  /// A zone read from the bytes of a TZif file; nil when they are not a well-formed one.
  public init?(tzif bytes: [UInt8], identifier: String) {
    guard let file = TZif.parse(bytes) else { return nil }
    self.init(identifier: identifier, source: .file(file))
  }

  /// Seconds the zone's clocks are ahead of UTC at `instant` (negative west of Greenwich).
  public func offset(at instant: Int64) -> Int { period(at: instant).offset }

  /// The abbreviation in use at `instant`: `GMT`, `BST`, `EST`, `+0530`.
  public func abbreviation(at instant: Int64) -> String { period(at: instant).abbreviation }

  /// Whether the clocks show daylight-saving time at `instant`.
  public func isDaylightSaving(at instant: Int64) -> Bool { period(at: instant).isDaylight }

  /// The wall-clock date and time at `instant`.
  public func local(_ instant: Int64) -> LocalDateTime {
    LocalDateTime(localSeconds: instant + Int64(offset(at: instant)))
  }

  /// The instant at which the zone's clocks show `local`.
  ///
  /// A time shown twice (when clocks go back) is the earlier of the two. A time the clocks
  /// skip is resolved as `gap` says: by default shifted forward by the length of the gap.
  /// Fields out of range carry over (see ``LocalDateTime/dayNumber``).
  public func instant(of local: LocalDateTime, gap: Gap = .shiftedByGap) -> Int64 {
    let wall = local.localSeconds
    var offsets: [Int] = []
    for day in -2...2 {
      let offset = offset(at: wall + Int64(day) * 86_400)
      if !offsets.contains(offset) { offsets.append(offset) }
    }
    let valid = offsets.map { wall - Int64($0) }.filter { self.local($0).localSeconds == wall }
    if let earliest = valid.min() { return earliest }
    // In a gap: the offset before it is the one at the earliest candidate.
    let before = wall - Int64(offsets.max()!)
    let shifted = wall - Int64(offset(at: before))
    switch gap {
    case .shiftedByGap: return shifted
    case .atTransition: return change(after: before, upTo: shifted) ?? shifted
    }
  }

  /// The first instant of the day on which `instant` falls (its local midnight, or the moment
  /// the clocks jump when midnight is skipped).
  public func startOfDay(_ instant: Int64) -> Int64 { firstInstant(of: local(instant)) }

  /// The first instant of the day `day` falls on (its time of day is not looked at): its
  /// local midnight, or the moment the clocks jump when midnight is skipped.
  public func firstInstant(of day: LocalDateTime) -> Int64 {
    instant(of: LocalDateTime(year: day.year, month: day.month, day: day.day), gap: .atTransition)
  }

  /// The same wall-clock time `days` days later (earlier when negative).
  public func adding(days: Int, to instant: Int64) -> Int64 {
    self.instant(of: local(instant).addingDays(days))
  }

  /// The first instant after `start`, and at most `end`, whose offset or abbreviation differs
  /// from that at `start`; nil when there is none at `end`. It assumes one change in between.
  func change(after start: Int64, upTo end: Int64) -> Int64? {
    let first = period(at: start)
    guard end > start, period(at: end) != first else { return nil }
    var low = start
    var high = end
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if period(at: middle) == first { low = middle } else { high = middle }
    }
    return high
  }

  struct Period: Equatable {
    var offset: Int
    var isDaylight: Bool
    var abbreviation: String
  }

  /// What rules at `instant`: before the first transition the file's first type, after the
  /// last its footer's rule (or the last type, without one), and in between the type of the
  /// last transition at or before the instant.
  func period(at instant: Int64) -> Period { span(at: instant).period }

  /// What rules at `instant` (as ``period(at:)`` says), with instants around it (`from` to
  /// `until`, the end left out) at each of which the same rules: between the file's
  /// transitions either side, or the rule's changes within the year.
  func span(at instant: Int64) -> (period: Period, from: Int64, until: Int64) {
    switch source {
    case .rule(let rule):
      let span = rule.span(at: instant)
      return (Period(span.period, isDaylight: span.isDaylight), span.from, span.until)
    case .file(let file):
      let transitions = file.transitions
      if let footer = file.footer, transitions.last.map({ instant >= $0 }) ?? true {
        let span = footer.span(at: instant)
        return (
          Period(span.period, isDaylight: span.isDaylight),
          max(span.from, transitions.last ?? Int64.min), span.until
        )
      }
      guard let firstChange = transitions.first, instant >= firstChange else {
        return (Period(file.types[0]), Int64.min, transitions.first ?? Int64.max)
      }
      var low = 0
      var high = transitions.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if transitions[middle] <= instant { low = middle } else { high = middle }
      }
      let until = low + 1 < transitions.count ? transitions[low + 1] : Int64.max
      return (Period(file.types[file.typeIndices[low]]), transitions[low], until)
    }
  }
}

extension Zone.Period {
  init(_ type: TZif.LocalType) {
    self.init(offset: type.offset, isDaylight: type.isDaylight, abbreviation: type.abbreviation)
  }

  init(_ period: PosixRule.Period, isDaylight: Bool) {
    self.init(offset: period.offset, isDaylight: isDaylight, abbreviation: period.abbreviation)
  }
}
