import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceDesktop

/// The idle sources, run for real: the user's command as a script, the order the sources are
/// tried in, and the sentence when there is none.
@Suite struct IdleSourceTests {
  let folder: String

  init() throws {
    folder =
      TemporaryFolder("idle").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// A script called `name` in the test's folder.
  @discardableResult
  func script(_ name: String, _ body: String) throws -> String {
    let path = "\(folder)/\(name)"
    try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: path)
    return path
  }

  var environment: [String: String] { ["PATH": "\(folder):/usr/bin:/bin"] }

  func source(_ words: [String], environment: [String: String]? = nil) throws -> IdleSource {
    let found = IdleSource.candidates(command: words, environment: environment ?? self.environment)
    return try #require(found.sources.first)
  }

  @Test func theUsersCommandIsReadAsMillisecondsWithItsArguments() throws {
    try script("idle-ms", #"echo "$(( $1 * 1000 ))""#)
    #expect(try source(["idle-ms", "42"]).read() == .idle(.seconds(42)))
  }

  @Test func aCommandThatPrintsGarbageIsOneSentenceNamingIt() throws {
    try script("idle-garbage", "echo 'idle: a while'")
    guard case .failed(let sentence) = try source(["idle-garbage"]).read() else {
      Issue.record("garbage was a reading")
      return
    }
    #expect(sentence.hasPrefix("idle.command (\(folder)/idle-garbage) printed \"idle: a while\""))
  }

  @Test func aCommandThatFailsSaysHowWithItsFirstLine() throws {
    try script("idle-fails", "echo 'no display here' >&2; exit 3")
    guard case .failed(let sentence) = try source(["idle-fails"]).read() else {
      Issue.record("a failure was a reading")
      return
    }
    #expect(sentence.contains("exited with status 3 (\"no display here\")"))
  }

  @Test func aCommandThatHangsIsCutOffWithinItsLimit() throws {
    try script("idle-hangs", "sleep 30")
    let started = ContinuousClock.now
    guard case .failed(let sentence) = try source(["idle-hangs"]).read() else {
      Issue.record("a hung command was a reading")
      return
    }
    #expect(ContinuousClock.now - started < .seconds(3))
    #expect(sentence.contains("did not answer within 1 s and was stopped"))
  }

  @Test func aCommandThatIsNotThereIsTheReasonThereIsNoSource() {
    let found = IdleSource.candidates(command: ["no-such-idle-tool"], environment: environment)
    #expect(found.sources.isEmpty)
    #expect(
      found.missing == [#"idle.command names "no-such-idle-tool", which is not a program on PATH"#])
  }

  @Test func theUsersCommandComesFirstThenX11ThenLogind() throws {
    try script("xprintidle", "echo 5")
    try script("loginctl", "echo IdleHint=no; echo IdleSinceHintMonotonic=0")
    var everything = environment
    everything["DISPLAY"] = ":99"
    everything["XDG_SESSION_ID"] = "3"
    try script("mine", "echo 1")
    let withCommand = IdleSource.candidates(command: ["mine"], environment: everything)
    #expect(withCommand.sources.map(\.name) == ["idle.command (\(folder)/mine)"])
    let without = IdleSource.candidates(command: nil, environment: everything)
    #expect(without.sources.map(\.name) == ["xprintidle", "loginctl"])
    #expect(without.missing.isEmpty)
    // logind is asked about this session, and its answer read.
    #expect(without.sources.last?.read() == .idle(.zero))
    everything["DISPLAY"] = nil
    #expect(
      IdleSource.candidates(command: nil, environment: everything).sources.map(\.name) == [
        "loginctl"
      ])
  }

  @Test func withNoSourceOneSentenceSaysWhyForEach() {
    let found = IdleSource.candidates(command: nil, environment: ["PATH": folder])
    #expect(found.sources.isEmpty)
    let sentence = IdleSource.unavailable(found.missing)
    #expect(
      sentence
        == "Idle detection is unavailable (DISPLAY is not set, so there is no X11 display for xprintidle; XDG_SESSION_ID is not set, so systemd-logind cannot be asked), so this focus will not pause when you are away; set idle.command to a command that prints idle milliseconds, or turn it off with cadence config set idle off."
    )
    let missingTools = IdleSource.candidates(
      command: nil, environment: ["PATH": folder, "DISPLAY": ":5", "XDG_SESSION_ID": "c2"])
    #expect(
      missingTools.missing == [
        "xprintidle is not installed (Debian's xprintidle package)",
        "loginctl is not installed, so systemd-logind cannot be asked",
      ])
  }
}
