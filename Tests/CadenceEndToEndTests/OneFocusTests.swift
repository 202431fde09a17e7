import Foundation
import Testing

/// One focus session at a time: while a focus or a break counts (here in the background), a
/// new focus or break is refused with status 69 and a sentence naming the run and what to do,
/// so sessions run side by side cannot earn their coins twice over; a task's mandatory break
/// holds off a new focus while it runs, as it does once interrupted.
@Suite(.serialized, .timeLimit(.minutes(10))) struct OneFocusTests {
  let fixture = KilledRunFixture()
  static let quiet = ["--mute", "--no-notify"]

  func runningPid() throws -> Int32 {
    let run = try #require(try fixture.status())
    return try #require((run["pid"] as? Int).map { Int32($0) })
  }

  @Test func aSecondFocusIsRefusedWhileOneCounts() throws {
    try fixture.succeed(["focus", "--length", "5m", "--detach"] + Self.quiet)
    let pid = try runningPid()
    let sentence =
      "A focus is already running (run \(pid)), and one focus session runs at a time; stop it with cadence stop --run \(pid), or wait until it ends.\n"
    for start in [
      ["focus", "--plain"], ["focus", "--detach"], ["focus", "--length", "1m", "--json"],
      ["focus", "--break", "--plain"],
    ] {
      let refused = try fixture.cadence(start + Self.quiet)
      #expect(refused.status == 69, "\(start)")
      #expect(refused.standardOutput.isEmpty, "\(start)")
      #expect(refused.standardError == sentence, "\(start)")
      RefusalForm.expect(refused.standardError, status: refused.status, arguments: start)
    }
    // Still one run, and once it is stopped a focus starts at once.
    #expect(try fixture.cadence(["status", "--json"]).standardOutput.count { $0 == "\n" } == 1)
    try fixture.succeed(["stop"])
    try fixture.succeed(["focus", "--length", "5m", "--detach"] + Self.quiet)
    try fixture.succeed(["stop"])
  }

  /// Three started at the same moment, none of them yet seen by the others' checks: one
  /// counts and the other two are refused.
  @Test func threeFocusSessionsStartedAtOnceCountOne() throws {
    let started = try (0..<3).map { _ in
      try CadenceProcess.start(
        ["focus", "--plain", "--length", "5m"] + Self.quiet, environment: fixture.environment)
    }
    // Two end at once, refused; the third counts until it is stopped.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, started.count(where: { !$0.process.isRunning }) < 2 {
      usleep(20_000)
    }
    let refused = started.filter { !$0.process.isRunning }
    #expect(refused.count == 2)
    for process in refused {
      #expect(process.wait() == 69)
      #expect(process.standardError.contains("one focus session runs at a time"))
    }
    let counting = try #require(started.first { $0.process.isRunning })
    try fixture.succeed(["stop"])
    #expect(counting.wait() == 0)
    #expect(fixture.sessions(waitingFor: 1).count == 1)
  }

  @Test func aRunningMandatoryBreakHoldsOffANewFocus() throws {
    try fixture.succeed(["task", "add", "Essay"])
    try fixture.succeed(["config", "set", "task-break", "1m"])
    try fixture.succeed(["focus", "Essay", "--length", "1m", "--detach"] + Self.quiet)
    // The focus ends in about a second; its mandatory break follows in the same process.
    try fixture.succeed(["adjust", "-59s"])
    let breakRun = try fixture.status { $0["mandatory"] as? Bool == true }
    let pid = try #require((breakRun?["pid"] as? Int).map { Int32($0) })
    let sentence =
      "The mandatory break after Essay is running (run \(pid)); a new focus can start once it is over (cadence attach --run \(pid) follows it).\n"
    for start in [
      ["focus", "Essay", "--plain"], ["focus", "--plain"], ["focus", "Essay", "--detach"],
    ] {
      let refused = try fixture.cadence(start + Self.quiet)
      #expect(refused.status == 69, "\(start)")
      #expect(refused.standardError == sentence, "\(start)")
    }
    try fixture.succeed(["stop"])
  }
}
