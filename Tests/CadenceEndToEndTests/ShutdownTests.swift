import CadenceTestSupport
import Foundation
import Testing

/// A run told to end (SIGTERM) while the machine or the session shuts down is left to be
/// resumed, as a crash leaves it, so that the next login's `cadence resume` brings it back;
/// at any other time SIGTERM stops it, as before. systemd's answer is a stand-in
/// `systemctl` on PATH.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ShutdownTests {
  /// A fixture whose PATH finds a `systemctl` that says `state` for the system and the user.
  func fixture(saying state: String) throws -> KilledRunFixture {
    var fixture = KilledRunFixture()
    let bin = fixture.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let systemctl = bin.appendingPathComponent("systemctl")
    try ExecutableScript.write(
      "#!/bin/sh\necho \(state)\n[ \(state) = running ]\n", to: systemctl.path)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    fixture.extra = ["PATH": "\(bin.path):\(path)"]
    return fixture
  }

  /// Sends SIGTERM to the background process of the run going and waits until it is gone.
  func terminate(_ fixture: KilledRunFixture) throws {
    let run = try #require(try fixture.status(until: { $0["state"] as? String == "running" }))
    let pid = try #require((run["pid"] as? Int).map { Int32($0) })
    #expect(kill(pid, SIGTERM) == 0)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, kill(pid, 0) == 0 { usleep(10_000) }
    #expect(kill(pid, 0) != 0)
  }

  @Test(arguments: [["focus", "--length", "25m"], ["timer", "25m"]])
  func aCountdownEndedByAShutdownWaitsToBeResumed(_ start: [String]) throws {
    let fixture = try fixture(saying: "stopping")
    try fixture.succeed(start + ["--detach", "--mute", "--no-notify"])
    try terminate(fixture)
    let waiting = try #require(try fixture.status(until: { $0["state"] as? String != "running" }))
    #expect(waiting["state"] as? String == "interrupted")
    #expect(waiting["resume"] as? String == "cadence resume")
    #expect(fixture.sessions(waitingFor: 0).isEmpty)
    try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    #expect(try fixture.status()?["state"] as? String == "running")
    try fixture.succeed(["stop"])
  }

  @Test func aRoutineEndedByAShutdownWaitsToBeResumed() throws {
    let fixture = try fixture(saying: "stopping")
    let file = fixture.folder.appendingPathComponent("long.lua")
    try #"return { name = "Long", steps = { { "Work", "1h" } } }"#.write(
      to: file, atomically: true, encoding: .utf8)
    try fixture.succeed(["run", file.path, "--detach", "--mute", "--no-notify"])
    try terminate(fixture)
    let waiting = try #require(try fixture.status(until: { $0["state"] as? String != "running" }))
    #expect(waiting["state"] as? String == "interrupted")
    #expect(waiting["waiting_to_resume"] as? Bool == true)
  }

  @Test func atAnyOtherTimeSIGTERMStopsTheRun() throws {
    let fixture = try fixture(saying: "running")
    try fixture.succeed(["focus", "--length", "25m", "--detach", "--mute", "--no-notify"])
    try terminate(fixture)
    // Stopped and recorded: nothing waits.
    let sessions = fixture.sessions(waitingFor: 1)
    #expect(sessions.count == 1)
    #expect(try fixture.cadence(["status"]).standardOutput == "No run is going.\n")
  }
}
