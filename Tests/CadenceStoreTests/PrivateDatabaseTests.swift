import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// The database is its owner's only, whatever its path: a plain path, or a link to a file not
/// there yet (the database kept in a synchronised folder, say), with its -wal and -shm files.
@Suite struct PrivateDatabaseTests {
  let folder = TemporaryFolder("private-db").path

  func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  /// The files of the open database at `path`: itself, and its -wal and -shm files.
  func files(_ path: String) -> [String] { [path, path + "-wal", path + "-shm"] }

  @Test(arguments: [false, true]) func aNewDatabaseIsPrivate(throughALink: Bool) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/synced", withIntermediateDirectories: true)
    // The umask most users have: without care, SQLite makes its files 0644.
    let previous = umask(0o022)
    defer { umask(previous) }
    let target = folder + "/synced/cadence.db"
    var path = target
    if throughALink {
      path = folder + "/cadence.db"
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
    let store = try Store(path: path)
    try store.setSetting("volume", "40")
    // While it is open, its -wal and -shm files are there beside the file it reached.
    for file in files(target) {
      #expect(try mode(file) == 0o600, "\(file)")
    }
    if throughALink {
      let link = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
      #expect(link == .typeSymbolicLink)
    }
    withExtendedLifetime(store) {}
  }
}
