import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// File stamps (what the plan watcher and the database compare) and the kind of what is at a
/// path, on real files.
@Suite struct FileStampTests {
  func folder() throws -> String {
    try TemporaryFolder("stamp").created().path
  }

  @Test func aStampChangesWithTheFileAndNotOtherwise() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let path = base + "/plan.lua"
    #expect(FileStamp(path: path) == nil)
    #expect(throws: Errno.noSuchFile) { try FileStamp.of(path).get() }
    try Data("one".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: Errno.notAFolder) { try FileStamp.of(path + "/inside").get() }
    let first = try #require(FileStamp(path: path))
    #expect(first.size == 3)
    #expect(FileStamp(path: path) == first)
    // Written in place: the same file, another size.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("two".utf8))
    try handle.close()
    let grown = try #require(FileStamp(path: path))
    #expect(grown != first && grown.isSameFile(as: first) && grown.size == 6)
    // Saved by renaming a new file over it: another file.
    try Data("three!".utf8).write(to: URL(fileURLWithPath: base + "/new"))
    #expect(rename(base + "/new", path) == 0)
    let replaced = try #require(FileStamp(path: path))
    #expect(!replaced.isSameFile(as: grown) && replaced.size == 6)
  }

  @Test func theKindOfWhatIsAtAPathIsNamedWithoutOpeningIt() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    #expect(mkfifo(base + "/fifo", 0o600) == 0)
    try Data().write(to: URL(fileURLWithPath: base + "/file"))
    #expect(
      try RegularFile.kind(ofPath: base + "/fifo").get()
        == .notRegular(kind: "a named pipe (FIFO)"))
    #expect(try RegularFile.kind(ofPath: base + "/file").get() == nil)
    #expect(try RegularFile.kind(ofPath: base).get() == .directory)
    #expect(throws: Errno.noSuchFile) { try RegularFile.kind(ofPath: base + "/none").get() }
  }

  @Test func aWallClockIsTheOneItIsGiven() {
    let fixed = Date(timeIntervalSince1970: 1_000_000)
    #expect(WallClock { fixed }.now() == fixed)
    let before = Date()
    let now = WallClock.system.now()
    #expect(now >= before && now <= Date())
  }
}
