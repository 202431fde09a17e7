import CadenceTestSupport
import Foundation
import Testing

/// The runtime folder through the binary: a background run is not started into a folder
/// Cadence did not make, through a log that is a link, or at a socket path too long to bind;
/// each is one sentence saying what to do.
@Suite(.timeLimit(.minutes(10))) struct RuntimeFolderTests {
  let folder = TemporaryFolder("runfolder").path

  func detach(runtime: String) throws -> CadenceProcess.Output {
    let routine = try CadenceProcess.temporaryFile(
      "short.lua", "return { steps = { { \"One\", \"2s\" } } }\n")
    return try CadenceProcess.run(
      ["run", routine, "--detach", "--mute", "--no-notify"],
      environment: ["XDG_RUNTIME_DIR": runtime, "CADENCE_DB": folder + "/cadence.db"])
  }

  @Test func aLinkedRuntimeFolderIsRefusedAndNotChanged() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let elsewhere = folder + "/shared"
    try FileManager.default.createDirectory(
      atPath: elsewhere, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/cadence", withDestinationPath: elsewhere)
    let output = try detach(runtime: folder)
    #expect(output.status == 73, "\(output.standardError)")
    #expect(
      output.standardError
        == "\(folder)/cadence: the folder for run sockets is a symbolic link, which Cadence never makes; remove the link and Cadence will make the folder itself\n"
    )
    let mode = try FileManager.default.attributesOfItem(atPath: elsewhere)[.posixPermissions]
    #expect(mode as? Int == 0o755)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
  }

  @Test func aBackgroundLogThatIsALinkIsNotFollowed() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/cadence", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let target = folder + "/planted.log"
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/cadence/background.log", withDestinationPath: target)
    let output = try detach(runtime: folder)
    #expect(output.status == 73, "\(output.standardError)")
    #expect(
      output.standardError
        == "\(folder)/cadence/background.log: is a symbolic link, which Cadence never makes, so the background run was not started; remove the link\n"
    )
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func aSocketPathTooLongIsSaidToBeSo() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let deep = folder + "/" + String(repeating: "r", count: 90)
    let output = try detach(runtime: deep)
    #expect(output.status == 73, "\(output.standardError)")
    #expect(
      output.standardError.contains(
        "bytes, longer than the 107 a socket's path may have; set XDG_RUNTIME_DIR to a shorter folder, such as /run/user/"
      ), "\(output.standardError)")
    #expect(output.standardError.split(separator: "\n").count == 1)
  }
}
