import Foundation
import Testing

/// `cadence trust`: a routine is trusted by the SHA-256 of its text, so an edit ends the trust.
@Suite struct TrustTests {
  @Test func anEditedRoutineIsNoLongerTrusted() throws {
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-trust-\(UUID().uuidString)")
    let environment = ["XDG_CONFIG_HOME": config.path]
    let path = try CadenceProcess.temporaryFile(
      "study.lua", "return { steps = { { \"Read\", \"25m\" } } }\n")
    let trusted = try CadenceProcess.run(["trust", path], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    // The list holds the SHA-256 of the text, as sha256sum gives it.
    let list = try String(
      contentsOf: config.appendingPathComponent("cadence/trusted"), encoding: .utf8)
    #expect(list == "8fca3e9d607319c7c9345374782b0e6e148d37a904da4a6e5533944a5bb7c92f  \(path)\n")
    var listed = try CadenceProcess.run(["trust", "--list"], environment: environment)
    #expect(listed.standardOutput.contains("\(path)  unchanged"), "\(listed.standardOutput)")

    try "return { steps = { { \"Read\", \"50m\" } } }\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    listed = try CadenceProcess.run(["trust", "--list"], environment: environment)
    #expect(listed.standardOutput.contains("\(path)  changed since (not trusted)"))

    let revoked = try CadenceProcess.run(["trust", "--revoke", path], environment: environment)
    #expect(revoked.status == 0)
    listed = try CadenceProcess.run(["trust", "--list"], environment: environment)
    #expect(listed.standardOutput == "No routine is trusted.\n")
  }
}
