import CadenceSystem
import Testing

@testable import CadenceTime

/// A zone's offsets looked up once a span (what `history` writes its rows' times with) are
/// the offsets the zone gives at each instant, in any order, at and around every change.
@Suite struct OffsetCacheTests {
  static let rules = [
    "UTC0", "<+0530>-5:30", "EST5EDT,M3.2.0,M11.1.0", "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "EST5EDT,0/0,J365/25", "XST0XDT,J60/0,J61/0",
  ]
  static let files = [
    "Europe/London", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata",
    "America/New_York", "Pacific/Apia",
  ]

  static func zones() -> [Zone] {
    rules.compactMap { Zone(posixRule: $0) }
      + files.compactMap { Zone(named: $0, files: .system) } + [.utc]
  }

  /// Instants from 1850 to 2150, some random, some a second either side of each change.
  static func instants(_ zone: Zone) -> [Int64] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var instants: [Int64] = []
    for _ in 0..<4000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      instants.append(Int64(state >> 33) % 9_467_280_000 - 3_786_912_000)
    }
    var step: Int64 = -3_786_912_000
    while step < 5_680_368_000 {
      let next = step + 86_400 * 7
      if zone.offset(at: step) != zone.offset(at: next),
        let change = zone.change(after: step, upTo: next)
      {
        instants += [change - 1, change, change + 1]
      }
      step = next
    }
    return instants
  }

  @Test func theCacheGivesTheZonesOffsetAtEveryInstantInAnyOrder() {
    let zones = Self.zones()
    #expect(zones.count == Self.rules.count + Self.files.count + 1, "a zone file is missing")
    for zone in zones {
      let instants = Self.instants(zone)
      for order in [instants, instants.sorted(), instants.sorted().reversed()] {
        var cache = Zone.OffsetCache(zone)
        let wrong = order.filter { cache.offset(at: $0) != zone.offset(at: $0) }
        #expect(wrong.isEmpty, "\(zone.identifier): \(wrong.prefix(5))")
      }
      var cache = Zone.OffsetCache(zone)
      #expect(instants.allSatisfy { cache.local($0) == zone.local($0) }, "\(zone.identifier)")
    }
  }

  @Test func aSpanHoldsOneOffsetThroughout() {
    for zone in Self.zones() {
      for instant in Self.instants(zone).prefix(300) {
        let span = zone.span(at: instant)
        #expect(span.from <= instant && instant < span.until)
        #expect(span.period == zone.period(at: instant))
        // Its ends: the first instant and the last hold the same period.
        if span.from > Int64.min { #expect(zone.period(at: span.from) == span.period) }
        if span.until < Int64.max { #expect(zone.period(at: span.until - 1) == span.period) }
      }
    }
  }
}
