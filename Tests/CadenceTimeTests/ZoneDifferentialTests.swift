import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceTime

/// Every zone of the system against the C library: glibc's `localtime`, run by Python in a
/// child process (setting `TZ` in this one would change it for every test running beside it).
@Suite struct ZoneDifferentialTests {
  /// What the child prints for each zone: a line per instant with the offset, the daylight
  /// flag, the abbreviation and the local fields (weekday 0 is Monday).
  static let probe = """
    import os, sys, time
    for line in sys.stdin:
        zone, *instants = line.split()
        os.environ["TZ"] = zone
        time.tzset()
        out = []
        for instant in instants:
            t = time.localtime(int(instant))
            out.append("%d %d %s %d %d %d %d %d %d %d" % (t.tm_gmtoff, t.tm_isdst, t.tm_zone,
                t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, t.tm_wday))
        print("|".join(out))
    """

  /// The zone files: every file under the folder that is TZif, except `right/` (which counts
  /// leap seconds, as Unix time does not) and `posix/` (copies of the others).
  static func zoneNames() -> [String] {
    let root = Zone.systemDirectory
    let files = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    return files.filter { name in
      guard !name.hasPrefix("right/"), !name.hasPrefix("posix/"), name != "localtime",
        let handle = FileHandle(forReadingAtPath: root + "/" + name)
      else { return false }
      defer { try? handle.close() }
      return (try? handle.read(upToCount: 4)) == Data("TZif".utf8)
    }.sorted()
  }

  /// Instants from 1900 to 2100: spread by a fixed generator, so that a failure replays.
  static func instants(seed: UInt64, count: Int) -> [Int64] {
    var state = seed
    let low: Int64 = -2_208_988_800  // 1900-01-01
    let high: Int64 = 4_102_444_800  // 2100-01-01
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return low + Int64((state >> 11) % UInt64(high - low))
    }
  }

  @Test func everyZoneAgreesWithTheCLibrary() throws {
    let names = Self.zoneNames()
    #expect(names.count > 300, "the system has \(names.count) zone files")
    var zones: [(String, Zone, [Int64])] = []
    for (position, name) in names.enumerated() {
      let zone = try #require(Zone(named: name, files: .system), "\(name) is refused")
      zones.append((name, zone, Self.instants(seed: UInt64(position + 1), count: 60)))
    }
    let input = zones.map { name, _, instants in
      ([name] + instants.map(String.init)).joined(separator: " ")
    }.joined(separator: "\n")
    let lines = try ZoneDifferentialTests.runProbe(input)
    try #require(lines.count == zones.count)
    var failures: [String] = []
    var compared = 0
    for ((name, zone, instants), line) in zip(zones, lines) {
      for (instant, expected) in zip(instants, line.split(separator: "|")) {
        compared += 1
        let local = zone.local(instant)
        let shown = [
          String(zone.offset(at: instant)), zone.isDaylightSaving(at: instant) ? "1" : "0",
          zone.abbreviation(at: instant), String(local.year), String(local.month),
          String(local.day), String(local.hour), String(local.minute), String(local.second),
          String(local.weekday - 1),
        ].joined(separator: " ")
        if shown != expected {
          failures.append("\(name) at \(instant): \(shown), the C library says \(expected)")
        }
        // Back again: the same wall-clock time, at this instant or (shown twice) before it.
        let back = zone.instant(of: local)
        if zone.local(back) != local || back > instant {
          failures.append("\(name): \(local) comes back as \(back), not \(instant)")
        }
      }
    }
    #expect(compared == zones.count * 60)
    #expect(failures.isEmpty, "\(failures.count) differences: \(failures.prefix(20))")
  }

  static func runProbe(_ input: String) throws -> [Substring] {
    let output = try Program.run("/usr/bin/python3", ["-c", probe], input: input)
    #expect(output.status == 0)
    return output.standardOutput.split(separator: "\n")
  }
}
