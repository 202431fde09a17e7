import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `status --format` and `--waybar` with several runs going: the one started last is shown,
/// `{runs}` says how many there are, waybar's text counts the others and its tooltip lists
/// them all; `--run` picks one. `resume` with several interrupted runs says which others wait.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StatusSeveralRunsTests {
  let folder = TemporaryFolder("several").url

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments, environment: environment)
  }

  /// The id a detached start prints at the end of its line.
  func start(_ arguments: [String]) throws -> String {
    try CadenceProcess.startDetached(arguments, environment: environment)
  }

  @Test func theRunStartedLastIsShownAndTheOthersAreCountedAndListed() throws {
    let first = try start(["run", "20m"])
    defer { _ = try? cadence(["stop", "--run", first]) }
    // The second starts once the first is going (a start returns when its run is ready), so
    // later, whatever the process ids.
    let second = try start(["focus", "--length", "30m"])
    defer { _ = try? cadence(["stop", "--run", second]) }
    let format = try cadence(["status", "--format", "{routine} {runs} {id}"])
    #expect(format.status == 0)
    #expect(format.standardOutput == "Focus 2 \(second)\n")
    let picked = try cadence(["status", "--format", "{routine} {runs}", "--run", first])
    #expect(picked.standardOutput == "Timer 2\n")
    let waybar = try cadence(["status", "--waybar"])
    let bar = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.standardOutput.utf8)) as? [String: Any])
    #expect((bar["text"] as? String)?.hasSuffix(" Focus +1") == true, "\(bar)")
    let tooltip = try #require(bar["tooltip"] as? String)
    let lines = tooltip.split(separator: "\n")
    #expect(lines.count == 3, "\(tooltip)")
    #expect(lines.first == "2 runs going:")
    #expect(lines.dropFirst().first?.hasPrefix("Focus: ") == true, "\(tooltip)")
    #expect(lines.dropFirst().first?.hasSuffix("(run \(second))") == true, "\(tooltip)")
    #expect(lines.last?.hasPrefix("Timer: ") == true, "\(tooltip)")
    #expect(lines.last?.hasSuffix("(run \(first))") == true, "\(tooltip)")
    let one = try cadence(["status", "--waybar", "--run", first])
    #expect(!one.standardOutput.contains("+1"), "\(one.standardOutput)")
    // A control command needs --run: it says which runs there are, as a bad command line.
    let pause = try cadence(["pause"])
    #expect(pause.status == 64)
    #expect(
      pause.standardError
        == "Error: several runs are going: \(first) (Timer), \(second) (Focus); say which with --run ID\nUsage: cadence pause [--run ID]\n"
        || pause.standardError
          == "Error: several runs are going: \(second) (Focus), \(first) (Timer); say which with --run ID\nUsage: cadence pause [--run ID]\n",
      "\(pause.standardError)")
    // An id that names none of them is a mistake: said on standard error, with what to give.
    let unknown = try cadence(["status", "--run", "nosuch"])
    #expect(unknown.status == 69)
    #expect(unknown.standardOutput.isEmpty)
    #expect(
      unknown.standardError
        == "No run has the id \"nosuch\"; cadence status lists the runs going.\n")
    let stop = try cadence(["stop", "--run", "nosuch"])
    #expect(stop.status == 69)
    #expect(stop.standardError.hasPrefix("No run has the id \"nosuch\"; the runs going are "))
    #expect(stop.standardError.hasSuffix(", so give one of those to --run.\n"))
    let plain = try cadence(["status"])
    #expect(plain.standardOutput.contains("Run \(first): Timer"))
    #expect(plain.standardOutput.contains("Run \(second): Focus"))
  }

  @Test func resumeSaysWhichOtherInterruptedRunsAreWaiting() throws {
    let database = folder.appendingPathComponent("cadence.db").path
    let first = try start(["run", "10m"])
    let second = try start(["focus", "--length", "30m"])
    // Each is in the database a moment after it starts; then both are killed.
    let deadline = Date().addingTimeInterval(10)
    while (try? Store(path: database, readOnly: true).activeRuns().count) ?? 0 < 2,
      Date() < deadline
    {
      usleep(20_000)
    }
    for id in [first, second] { kill(pid_t(id) ?? 0, SIGKILL) }
    while [first, second].contains(where: { kill(pid_t($0) ?? 0, 0) == 0 }), Date() < deadline {
      usleep(20_000)
    }
    let resumed = try cadence(["resume", "--detach", "--mute", "--no-notify"])
    defer { _ = try? cadence(["stop"]) }
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(resumed.standardError.contains("Resuming Focus"), "\(resumed.standardError)")
    #expect(
      resumed.standardError.contains(
        "1 other interrupted run is waiting (Timer); cadence resume again brings back the next."),
      "\(resumed.standardError)")
  }
}
