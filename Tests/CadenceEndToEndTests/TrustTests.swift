import CadenceTestSupport
import Foundation
import Testing

/// `cadence trust`: a routine is trusted by its path and the SHA-256 of its text, so an edit
/// ends the trust.
@Suite struct TrustTests {
  @Test func anEditedRoutineIsNoLongerTrusted() throws {
    let config = TemporaryFolder("trust").url
    let environment = ["XDG_CONFIG_HOME": config.path]
    let path = try CadenceProcess.temporaryFile(
      "study.lua", "return { steps = { { \"Read\", \"25m\" } } }\n")
    let trusted = try CadenceProcess.run(["trust", path], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    // The list holds the SHA-256 of the text, as sha256sum gives it, and the path.
    let list = try String(
      contentsOf: config.appendingPathComponent("cadence/trusted"), encoding: .utf8)
    #expect(
      list
        == "{\"sha256\":\"8fca3e9d607319c7c9345374782b0e6e148d37a904da4a6e5533944a5bb7c92f\",\"path\":\"\(path)\"}\n"
    )
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

  /// A trust list that cannot be written is an output that cannot be made (73), said with its
  /// path first as any file is, not an internal failure behind `Error:`.
  @Test func aTrustListThatCannotBeWrittenNamesItsPath() throws {
    // A file where the configuration folder should be: even root cannot make a folder in it.
    let blocker = try CadenceProcess.temporaryFile("config", "not a folder\n")
    let path = try CadenceProcess.temporaryFile(
      "study.lua", "return { steps = { { \"Read\", \"25m\" } } }\n")
    let output = try CadenceProcess.run(
      ["trust", path], environment: ["XDG_CONFIG_HOME": blocker])
    #expect(output.status == 73)
    #expect(
      output.standardError.hasPrefix(
        "\(blocker)/cadence/trusted: the trust list cannot be written ("),
      "\(output.standardError)")
    #expect(output.standardError.hasSuffix("; check that you may write to its folder\n"))
    #expect(output.standardOutput.isEmpty)
  }
}
