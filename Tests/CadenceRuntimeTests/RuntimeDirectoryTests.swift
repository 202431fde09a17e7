import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

/// The runtime folder (sockets and the background log go in it) is used only when Cadence
/// made it: a link, someone else's folder or one open to others is refused, never followed
/// and never changed; a path too long for a socket is said to be so before anything is made.
@Suite struct RuntimeDirectoryTests {
  let root = TemporaryFolder("rundir").path

  var directory: RuntimeDirectory { RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": root]) }

  func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func aFolderItMakesIsPrivate() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(directory.prepare() == nil)
    #expect(try mode(directory.path) == 0o700)
    // Made once, it is used again as it is.
    #expect(directory.prepare() == nil)
  }

  @Test func aLinkIsRefusedAndWhereItLeadsIsLeftAlone() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let elsewhere = root + "/elsewhere"
    try FileManager.default.createDirectory(
      atPath: elsewhere, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try FileManager.default.createSymbolicLink(
      atPath: directory.path, withDestinationPath: elsewhere)
    let problem = try #require(directory.prepare())
    #expect(
      problem
        == "\(directory.path): the folder for run sockets is a symbolic link, which Cadence never makes; remove the link and Cadence will make the folder itself"
    )
    #expect(try mode(elsewhere) == 0o755)
    // A run cannot listen there either.
    #expect(throws: ControlError.self) { try ControlServer(directory: directory, id: "1") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
  }

  @Test func aFolderOpenToOthersIsRefusedAndLeftAsItIs() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: directory.path, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o777])
    let problem = try #require(directory.prepare())
    #expect(
      problem
        == "\(directory.path): the folder for run sockets may be used by other users (mode 777), so Cadence did not make it; remove it and Cadence will make its own"
    )
    #expect(try mode(directory.path) == 0o777)
  }

  @Test func anotherUsersFolderOrAFileIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try "".write(toFile: directory.path, atomically: false, encoding: .utf8)
    #expect(
      directory.prepare()
        == "\(directory.path): is not a folder, so run sockets cannot go there; remove it and Cadence will make the folder itself"
    )
    try FileManager.default.removeItem(atPath: directory.path)
    // Only root can give a folder away; as anyone else, the folder is the user's own.
    guard getuid() == 0 else { return }
    try FileManager.default.createDirectory(
      atPath: directory.path, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    #expect(chown(directory.path, 65534, 65534) == 0)
    #expect(
      directory.prepare()
        == "\(directory.path): the folder for run sockets belongs to another user; remove it")
  }

  /// A socket's path holds at most 107 bytes: a folder too deep for one is said to be so, with
  /// what to do, before anything is made; a client given such a path says the same.
  @Test func aPathTooLongForASocketIsSaidToBeSo() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let deep = root + "/" + String(repeating: "d", count: 100)
    let directory = RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": deep])
    let longest = directory.socket("4194304") + ".new"
    let problem = try #require(directory.prepare())
    #expect(
      problem
        == "\(longest): is \(longest.utf8.count) bytes, longer than the 107 a socket's path may have; set XDG_RUNTIME_DIR to a shorter folder, such as /run/user/\(geteuid())"
    )
    #expect(!FileManager.default.fileExists(atPath: deep))
    let socket = directory.socket("1")
    guard case .failure(let error) = ControlClient.request(.status, socket: socket) else {
      Issue.record("a socket path of \(socket.utf8.count) bytes was reached")
      return
    }
    #expect(error.description.contains("longer than the 107 a socket's path may have"))
  }
}
