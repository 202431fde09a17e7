import FoundationEssentials

/// The zone's conversions for `Date`s, to the whole second below (as a clock shows it).
extension Zone {
  /// The largest number of seconds from 1970 converted, either way: about 34 000 years.
  static let secondsLimit: Int64 = 1 << 40

  /// The whole seconds since 1970 of `date`, rounded down and kept within ±2^40.
  public static func seconds(_ date: Date) -> Int64 {
    let value = date.timeIntervalSince1970.rounded(.down)
    guard value.isFinite else { return 0 }
    return Int64(max(-Double(secondsLimit), min(Double(secondsLimit), value)))
  }

  /// The wall-clock date and time at `date`.
  public func local(_ date: Date) -> LocalDateTime { local(Self.seconds(date)) }

  /// The instant at which the clocks show `local` (see ``instant(of:gap:)``).
  public func date(of local: LocalDateTime, gap: Gap = .shiftedByGap) -> Date {
    Date(timeIntervalSince1970: Double(instant(of: local, gap: gap)))
  }

  /// The first instant of the day on which `date` falls.
  public func startOfDay(_ date: Date) -> Date {
    Date(timeIntervalSince1970: Double(startOfDay(Self.seconds(date))))
  }

  /// The first instant of the day `day` falls on (see ``firstInstant(of:)``).
  public func startOfDay(_ day: LocalDateTime) -> Date {
    Date(timeIntervalSince1970: Double(firstInstant(of: day)))
  }

  /// The same wall-clock time `days` days later (earlier when negative); a fraction of a
  /// second is kept.
  public func adding(days: Int, to date: Date) -> Date {
    let whole = Self.seconds(date)
    let fraction = date.timeIntervalSince1970 - Double(whole)
    return Date(timeIntervalSince1970: Double(adding(days: days, to: whole)) + fraction)
  }

  /// Seconds the clocks are ahead of UTC at `date`.
  public func offset(at date: Date) -> Int { offset(at: Self.seconds(date)) }

  /// The abbreviation in use at `date`.
  public func abbreviation(at date: Date) -> String { abbreviation(at: Self.seconds(date)) }
}
