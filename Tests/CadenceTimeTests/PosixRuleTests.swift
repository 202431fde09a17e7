import Testing

@testable import CadenceTime

/// POSIX TZ rules, as `$TZ` and the footers of zone files write them.
@Suite struct PosixRuleTests {
  /// The offset and abbreviation a rule gives at an instant (Unix seconds).
  @Test(
    arguments: [
      ("UTC0", 1_800_000_000, 0, "UTC"),
      ("<+03>-3", 1_800_000_000, 10_800, "+03"),
      ("<-0330>3:30", 0, -12_600, "-0330"),
      ("IST-5:30", 1_800_000_000, 19_800, "IST"),
      // New York, 2026: daylight saving from 8 March 07:00 UTC to 1 November 06:00 UTC.
      ("EST5EDT,M3.2.0,M11.1.0", 1_772_953_199, -18_000, "EST"),
      ("EST5EDT,M3.2.0,M11.1.0", 1_772_953_200, -14_400, "EDT"),
      ("EST5EDT,M3.2.0,M11.1.0", 1_793_512_799, -14_400, "EDT"),
      ("EST5EDT,M3.2.0,M11.1.0", 1_793_512_800, -18_000, "EST"),
      // Without dates, daylight saving follows the same United States rule.
      ("EST5EDT", 1_772_953_200, -14_400, "EDT"),
      // Sydney, southern: daylight saving from October to April, across the new year.
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_798_761_600, 39_600, "AEDT"),  // 2027-01-01
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_783_000_000, 36_000, "AEST"),  // 2026-07-02
      // Julian days that never count 29 February: J60 is 1 March, leap year or not.
      ("XST0XDT,J60/0,J61/0", 1_709_251_200, 3_600, "XDT"),  // 2024-03-01 00:00 UTC
      ("XST0XDT,J60/0,J61/0", 1_709_164_800, 0, "XST"),  // 2024-02-29
      // Zero-based days that do: day 59 of 2024 is 29 February.
      ("XST0XDT,59/0,60/0", 1_709_164_800, 3_600, "XDT"),
      // Greenland: times before midnight (-1) and at it.
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1_774_746_000, -3_600, "-01"),  // 2026-03-28 23:00 -02
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1_774_745_999, -7_200, "-02"),
      // All year daylight saving, as some zones' footers write it.
      ("EST5EDT,0/0,J365/25", 1_798_779_600, -14_400, "EDT"),  // 2027-01-01 05:00 UTC
      ("EST5EDT,0/0,J365/25", 1_782_864_000, -14_400, "EDT"),
    ] as [(String, Int64, Int, String)])
  func appliesARule(rule: String, instant: Int64, offset: Int, abbreviation: String) throws {
    let zone = try #require(Zone(posixRule: rule))
    #expect(zone.offset(at: instant) == offset)
    #expect(zone.abbreviation(at: instant) == abbreviation)
  }

  @Test(arguments: [
    "", "U0", "EST", "UTC", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "<+03-3", "EST25",
    "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,366,1", "EST5EDT,M3.2.0/168,M11.1.0",
    "EST5:60", "EST5 ", "EST5EDT,M3.2.0,M11.1.0,", "<>0",
  ])
  func refusesWhatIsNotARule(rule: String) {
    #expect(Zone(posixRule: rule) == nil)
  }

  @Test func weekFiveIsTheLastWeekOfTheMonth() throws {
    // Europe's rule: the last Sunday of March, 01:00 UTC (29 March 2026).
    let zone = try #require(Zone(posixRule: "GMT0BST,M3.5.0/1,M10.5.0"))
    #expect(zone.offset(at: 1_774_745_999) == 0)
    #expect(zone.offset(at: 1_774_746_000) == 3600)
  }
}
