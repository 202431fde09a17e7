import CadenceSystem
import Synchronization
import Testing

@testable import CadenceTime

/// Zone files reach CadenceTime only through the reader it is given: held in memory here, so
/// nothing on disk takes part.
@Suite struct ZoneFileReaderTests {
  static let july: Int64 = 1_782_864_000  // 2026-07-01 00:00 UTC

  /// Files, links and odd kinds in memory; it records every path whose bytes are asked for.
  final class MemoryFiles: ZoneFileReader {
    let files: [String: [UInt8]]
    let links: [String: String]
    let kinds: [String: ZoneFileKind]
    let read = Mutex<[String]>([])

    init(
      files: [String: [UInt8]], links: [String: String] = [:],
      kinds: [String: ZoneFileKind] = [:]
    ) {
      self.files = files
      self.links = links
      self.kinds = kinds
    }

    func bytes(at path: String, limit: Int) -> [UInt8]? {
      read.withLock { $0.append(path) }
      let target = links[path] ?? path
      guard kind(at: target) == .regular, let bytes = files[target], bytes.count <= limit else {
        return nil
      }
      return bytes
    }

    func kind(at path: String) -> ZoneFileKind? {
      kinds[path] ?? (files[path] != nil || links[path] != nil ? .regular : nil)
    }

    func linkTarget(at path: String) -> String? { links[path] }
  }

  static func kolkata() throws -> [UInt8] {
    try #require(
      SystemZoneFiles().bytes(
        at: Zone.systemDirectory + "/Asia/Kolkata", limit: Zone.maximumFileSize))
  }

  @Test func aZoneNamedByTZIsReadFromTheReadersFolder() throws {
    let files = MemoryFiles(files: ["/memory/Home/Zone": try Self.kolkata()])
    let zone = Zone.local(environment: ["TZ": "Home/Zone", "TZDIR": "/memory"], files: files)
    #expect(zone.identifier == "Home/Zone")
    #expect(zone.offset(at: Self.july) == 19_800)
    #expect(files.read.withLock { $0 } == ["/memory/Home/Zone"])
    // Not in the reader: UTC, whatever the disk holds.
    let london = Zone.local(environment: ["TZ": "Europe/London"], files: files)
    #expect(london == .utc)
  }

  @Test func theLocaltimeLinkNamesTheZone() throws {
    let target = "/somewhere/zoneinfo/Asia/Kolkata"
    let files = MemoryFiles(files: [target: try Self.kolkata()], links: ["/etc/localtime": target])
    let zone = Zone.local(environment: [:], files: files)
    #expect(zone.identifier == "Asia/Kolkata")
    #expect(zone.offset(at: Self.july) == 19_800)
  }

  @Test func aFIFOIsNamedAndNeverRead() {
    let files = MemoryFiles(
      files: [:], kinds: ["/etc/localtime": .other("a named pipe (FIFO)"), "/z/Box": .folder])
    let found = Zone.unreadableFile(environment: [:], files: files)
    #expect(found?.path == "/etc/localtime")
    #expect(found?.kind == "a named pipe (FIFO)")
    #expect(
      Zone.unreadableFile(environment: ["TZ": "Box", "TZDIR": "/z"], files: files)?.kind
        == "a folder")
    #expect(Zone.unreadableFile(environment: ["TZ": "UTC0"], files: files) == nil)
    #expect(Zone.local(environment: [:], files: files) == .utc)
    #expect(files.read.withLock { $0 }.allSatisfy { $0 == "/etc/localtime" })
  }

  @Test func aFileOverTheLimitIsRefused() {
    let huge = [UInt8](repeating: 0, count: Zone.maximumFileSize + 1)
    let files = MemoryFiles(files: ["/memory/Big": huge])
    #expect(Zone(named: "Big", directory: "/memory", files: files) == nil)
  }
}
