import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceTime

/// Which zone `$TZ`, `$TZDIR` and `/etc/localtime` choose, in the C library's order.
@Suite struct ZoneEnvironmentTests {
  static let july: Int64 = 1_782_864_000  // 2026-07-01 00:00 UTC
  static let london = Zone.systemDirectory + "/Europe/London"
  static let kolkata = Zone.systemDirectory + "/Asia/Kolkata"

  func zone(_ environment: [String: String], localtime: String = kolkata) -> Zone {
    Zone.local(environment: environment, localtime: localtime, files: .system)
  }

  @Test func withoutTZTheLocaltimeFileDecides() throws {
    let link = TemporaryFolder("localtime").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.kolkata)
    defer { try? FileManager.default.removeItem(atPath: link) }
    let zone = zone([:], localtime: link)
    #expect(zone.identifier == "Asia/Kolkata")
    #expect(zone.offset(at: Self.july) == 19_800)
    // A copy rather than a link has no name to give.
    #expect(self.zone([:]).identifier == "localtime")
    #expect(self.zone([:], localtime: "/nowhere").identifier == "UTC")
  }

  @Test func anEmptyTZIsUTC() {
    #expect(zone(["TZ": ""]) == .utc)
  }

  @Test(arguments: [
    ("Europe/London", "Europe/London", 3600), (":Europe/London", "Europe/London", 3600),
    (london, "Europe/London", 3600), (":" + london, "Europe/London", 3600),
    ("UTC0", "UTC0", 0), ("<+0545>-5:45", "<+0545>-5:45", 20_700),
    ("EST5EDT,M3.2.0,M11.1.0", "EST5EDT,M3.2.0,M11.1.0", -14_400),
    // A name with a file wins over the same text read as a rule.
    ("EST5EDT", "EST5EDT", -14_400),
    // What cannot be found or read is UTC, as with the C library.
    ("Nowhere/Land", "UTC", 0), (":EST5", "UTC", 0), ("../zoneinfo/Europe/London", "UTC", 0),
    ("/etc/passwd", "UTC", 0),
  ])
  func tzChooses(value: String, identifier: String, offset: Int) {
    let zone = zone(["TZ": value])
    #expect(zone.identifier == identifier)
    #expect(zone.offset(at: Self.july) == offset)
  }

  @Test func tzdirNamesTheFolderOfZones() throws {
    let folder = try TemporaryFolder("tzdir").created()
    defer { folder.remove() }
    try FileManager.default.copyItem(atPath: Self.kolkata, toPath: folder.path("Home"))
    let zone = zone(["TZ": "Home", "TZDIR": folder.path])
    #expect(zone.identifier == "Home")
    #expect(zone.offset(at: Self.july) == 19_800)
    #expect(self.zone(["TZ": "Europe/London", "TZDIR": folder.path]) == .utc)
  }
}
