import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

/// The runner of actions and `session.command`, through real programs that misbehave: each ends
/// within its bounds with one outcome saying what happened.
@Suite(.timeLimit(.minutes(10))) struct ActionRunnerTests {
  /// Runs `arguments` and waits for its outcome, with how long it took.
  func run(
    _ arguments: [String], timeout: Int64 = 5_000, runner: ActionRunner = ActionRunner()
  ) -> (outcome: ActionRunner.Outcome, seconds: Double) {
    final class Box: @unchecked Sendable { var outcome: ActionRunner.Outcome? }
    let box = Box()
    let started = ContinuousClock.now
    let admitted = runner.run(
      arguments, timeout: timeout, environment: ProcessInfo.processInfo.environment
    ) { box.outcome = $0 }
    #expect(admitted)
    runner.wait()
    let took = started.duration(to: .now)
    return (
      box.outcome ?? .init(ending: .notStarted("never ended"), output: "", flooded: false),
      Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    )
  }

  @Test func itsStatusAndOutputComeBack() {
    let (outcome, _) = run(["/bin/sh", "-c", "echo 'no network'; echo more >&2; exit 3"])
    #expect(outcome.ending == .exited(3))
    #expect(outcome.output == "no network\nmore\n")
    #expect(ActionOutcomeText.failure(outcome, limit: "5s") == "ended with status 3: no network")
  }

  @Test func itLeadsASessionOfItsOwnWithoutATerminal() {
    // Fields 6 and 7 of /proc/PID/stat: the session and the controlling terminal.
    let (outcome, _) = run(["/bin/sh", "-c", "echo $$; cut -d' ' -f6,7 /proc/$$/stat"])
    let lines = outcome.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(outcome.output)")
    #expect(lines.last == "\(lines.first ?? "?") 0", "\(outcome.output)")
  }

  @Test func aProgramThatIsNotThereDoesNotStart() {
    let (missing, _) = run(["cadence-no-such-program"])
    #expect(missing.ending == .notStarted("no such program on PATH"))
    let (path, _) = run(["/nonexistent/cadence-program"])
    #expect(path.ending == .notStarted("No such file or directory"))
  }

  @Test func aGroupThatIgnoresSIGTERMIsKilledWholeAtItsLimit() throws {
    let pidFile = TemporaryFolder.newPath("action")
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let (outcome, seconds) = run(
      [
        "/bin/sh", "-c",
        "trap '' TERM; (trap '' TERM; while :; do sleep 1; done) & echo $! > '\(pidFile)'; while :; do sleep 1; done",
      ], timeout: 2_000)
    #expect(outcome.ending == .timedOut)
    // Long enough for the shell to start its child and say which, on a busy machine too.
    #expect(seconds < 5, "took \(seconds) s")
    let child = try #require(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(Program.isGone(child), "the forked child \(child) outlived its group's limit")
    #expect(
      ActionOutcomeText.failure(outcome, limit: "2s")
        == "was still running at its time limit of 2s and was killed, with everything it started"
    )
  }

  @Test func whatTheProgramLeftRunningGoesWhenItEnds() throws {
    let pidFile = TemporaryFolder.newPath("action")
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    // The background sleep holds the output open: the wait must not last until it ends.
    let (outcome, seconds) = run(
      ["/bin/sh", "-c", "sleep 30 & echo $! > '\(pidFile)'; echo started"], timeout: 20_000)
    #expect(outcome.ending == .exited(0))
    #expect(outcome.output == "started\n")
    #expect(seconds < 5, "took \(seconds) s")
    let child = try #require(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(Program.isGone(child))
  }

  @Test func aFloodOfOutputIsCutAndItsPipeClosed() {
    let (outcome, seconds) = run(["yes", "flood"], timeout: 20_000)
    #expect(outcome.flooded)
    #expect(outcome.output.utf8.count == ActionRunner.outputLimit)
    #expect(outcome.ending == .signalled(SIGPIPE))
    #expect(seconds < 10, "took \(seconds) s")
    #expect(
      ActionOutcomeText.failure(outcome, limit: "20s")?.hasPrefix(
        "was ended by signal 13 (it wrote more than 1 MB, so Cadence closed its output): flood")
        == true)
  }

  @Test func atMostSoManyRunAtOnceAndStopKillsThem() {
    let runner = ActionRunner(maximumRunning: 1)
    final class Box: @unchecked Sendable { var outcome: ActionRunner.Outcome? }
    let box = Box()
    let started = ContinuousClock.now
    #expect(
      runner.run(
        ["sleep", "30"], timeout: 30_000, environment: ProcessInfo.processInfo.environment
      ) { box.outcome = $0 })
    #expect(
      !runner.run(["true"], timeout: 1_000, environment: ProcessInfo.processInfo.environment) {
        _ in
      })
    runner.stop()
    runner.wait()
    #expect(box.outcome?.ending == .stopped)
    #expect(started.duration(to: .now) < .seconds(5))
    #expect(box.outcome.flatMap { ActionOutcomeText.failure($0, limit: "30s") } == nil)
  }
}
