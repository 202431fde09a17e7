import CadenceSystem
import Foundation
import Testing

@testable import CadenceTime

/// Zone files, well formed and not: a file from anyone is read or refused, never a crash.
@Suite struct TZifTests {
  /// A small file built here: version 1 alone, or a version 2 file (with an empty version 1
  /// block, as `zic -b slim` writes) and `footer`.
  static func file(
    version: UInt8 = UInt8(ascii: "2"), transitions: [Int64] = [0, 100], indices: [UInt8] = [1, 0],
    types: [(Int32, UInt8, UInt8)] = [(0, 0, 0), (3600, 1, 4)], characters: String = "GMT\0BST\0",
    footer: String = "GMT0BST,M3.5.0/1,M10.5.0"
  ) -> [UInt8] {
    func header(_ version: UInt8, _ counts: [Int]) -> [UInt8] {
      var bytes = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
      for count in counts { bytes += big(Int64(count), 4) }
      return bytes
    }
    func big(_ value: Int64, _ size: Int) -> [UInt8] {
      (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func body(_ size: Int) -> [UInt8] {
      var bytes = transitions.flatMap { big($0, size) } + indices
      for (offset, daylight, index) in types { bytes += big(Int64(offset), 4) + [daylight, index] }
      return bytes + Array(characters.utf8)
    }
    let counts = [0, 0, 0, transitions.count, types.count, characters.utf8.count]
    if version == 0 { return header(0, counts) + body(4) }
    return header(version, [0, 0, 0, 0, 1, 1]) + [0, 0, 0, 0, 0, 0, 0] + header(version, counts)
      + body(8) + Array("\n\(footer)\n".utf8)
  }

  @Test func readsAVersionOneFile() throws {
    let zone = try #require(Zone(tzif: Self.file(version: 0), identifier: "Test"))
    #expect(zone.offset(at: -1) == 0)
    #expect(zone.abbreviation(at: 50) == "BST")
    #expect(zone.isDaylightSaving(at: 50))
    // After the last transition, without a footer, its type goes on.
    #expect(zone.offset(at: 1_800_000_000) == 0)
  }

  @Test func readsTheFooterAfterTheLastTransition() throws {
    let zone = try #require(Zone(tzif: Self.file(), identifier: "Test"))
    #expect(zone.offset(at: 50) == 3600)
    #expect(zone.abbreviation(at: 1_782_864_000) == "BST")  // July 2026
    #expect(zone.abbreviation(at: 1_798_761_600) == "GMT")  // January 2027
  }

  @Test func refusesEveryTruncationOfARealFile() throws {
    let bytes = try #require(
      SystemZoneFiles().bytes(
        at: Zone.systemDirectory + "/Europe/London", limit: Zone.maximumFileSize))
    #expect(Zone(tzif: bytes, identifier: "Europe/London") != nil)
    for length in 0..<bytes.count - 1 {
      #expect(TZif.parse(Array(bytes[0..<length])) == nil, "cut at \(length)")
    }
  }

  @Test func refusesWhatIsOutOfPlace() {
    var wrongMagic = Self.file()
    wrongMagic[0] = UInt8(ascii: "X")
    var wrongVersion = Self.file()
    wrongVersion[4] = UInt8(ascii: "x")
    // The second header's transition count (at 44 + 7 + 32) made enormous.
    var hugeCount = Self.file()
    for offset in 83..<87 { hugeCount[offset] = 0xFF }
    var hugeVersionOne = Self.file(version: 0)
    for offset in 36..<40 { hugeVersionOne[offset] = 0xFF }
    let cases: [(String, [UInt8])] = [
      ("wrong magic", wrongMagic), ("unknown version", wrongVersion),
      ("huge transition count", hugeCount), ("huge type count", hugeVersionOne),
      ("no types", Self.file(transitions: [], indices: [], types: [])),
      ("type index past the types", Self.file(indices: [2, 0])),
      ("abbreviation past the characters", Self.file(types: [(0, 0, 0), (3600, 1, 9)])),
      ("abbreviation without its end", Self.file(characters: "GMT\0BST")),
      ("transitions out of order", Self.file(transitions: [100, 0])),
      ("daylight flag of 2", Self.file(types: [(0, 0, 0), (3600, 2, 4)])),
      ("offset of 30 hours", Self.file(types: [(0, 0, 0), (108_000, 1, 4)])),
      ("malformed footer", Self.file(footer: "GMT0BST,M3.5.0/1")),
      ("empty", []),
    ]
    for (what, bytes) in cases {
      #expect(TZif.parse(bytes) == nil, "\(what) is read")
    }
  }

  @Test func refusesRandomDamageWithoutCrashing() throws {
    let bytes = try #require(
      SystemZoneFiles().bytes(
        at: Zone.systemDirectory + "/America/New_York", limit: Zone.maximumFileSize))
    var state: UInt64 = 42
    for _ in 0..<2000 {
      var damaged = bytes
      for _ in 0..<3 {
        state = state &* 6_364_136_223_846_793_005 &+ 1
        damaged[Int(state >> 33) % damaged.count] = UInt8(truncatingIfNeeded: state >> 20)
      }
      // Either refused or a zone whose answers stay in range.
      if let zone = Zone(tzif: damaged, identifier: "Damaged") {
        #expect(abs(zone.offset(at: 1_800_000_000)) <= TZif.maximumOffset)
        _ = zone.instant(of: LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30))
      }
    }
  }

  @Test func refusesAFileTooLargeOrNotAFile() throws {
    #expect(Zone(path: "/dev/zero", identifier: "zero", files: .system) == nil)
    #expect(Zone(path: "/usr/share/zoneinfo", identifier: "folder", files: .system) == nil)
    #expect(Zone(path: "/nowhere/at/all", identifier: "none", files: .system) == nil)
  }
}
