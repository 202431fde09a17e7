import CadenceTestSupport
import Foundation
import Testing

/// Hook actions through the binary: run only for a trusted routine, off the timer, killed with
/// their group at their time limit; skipped (and said so once) for a routine not trusted, or
/// trusted before an edit; described, never run, by simulate.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ActionTests {
  let folder = TemporaryFolder("actions").url

  var environment: [String: String] {
    [
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "CADENCE_DB": folder.appendingPathComponent("history.db").path,
    ]
  }

  func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// A routine of three one-second steps whose `on_start` asks for a command that marks
  /// `started`, then hogs the processor in a group that ignores SIGTERM (a forked child writing
  /// its pid to `child`) and never ends, with a time limit of 1 s; and whose `on_finish` asks
  /// for a flood of output.
  func hostileRoutine() throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = file("act.lua")
    let script = [
      "echo > '\(file("started"))'", "trap '' TERM",
      "(trap '' TERM; while :; do :; done) & echo $! > '\(file("child"))'",
      "while :; do :; done",
    ].joined(separator: "; ")
    try """
    return {
      name = "Act",
      steps = { { "Work", "1s" }, { "Rest", "1s", kind = "pause" }, { "Work", "1s" } },
      on_start = function(ctx)
        return { message = "Off we go", actions = {
          { run = { "/bin/sh", "-c", [[\(script)]] }, timeout = "1s" },
        } }
      end,
      on_finish = function(ctx)
        return { actions = { { run = { "yes", "flood" } } } }
      end,
    }

    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func onlyATrustedRoutinesActionsRunEachWithinItsLimitAndTheTimerKeepsTime() throws {
    let path = try hostileRoutine()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = ["run", path, "--json", "--mute", "--no-notify"]

    // Not trusted: the messages show, the actions are skipped and said so once.
    let untrusted = try CadenceProcess.run(arguments, environment: environment)
    #expect(untrusted.status == 0, "\(untrusted.standardError)")
    #expect(untrusted.standardOutput.contains("Off we go"))
    let skipped = untrusted.standardError.components(
      separatedBy: "but you do not trust it, so its actions are skipped (its messages still show)")
    #expect(skipped.count == 2, "\(untrusted.standardError)")
    #expect(!FileManager.default.fileExists(atPath: file("started")))

    // Trusted: both run; the hog is killed with its child at 1 s, the flood's pipe is closed,
    // and every event still comes on time.
    let trust = try CadenceProcess.run(["trust", path], environment: environment)
    #expect(trust.status == 0, "\(trust.standardError)")
    let run = try CadenceProcess.start(arguments, environment: environment)
    #expect(run.wait() == 0)
    let origin = try #require(run.lines.first).at
    for (at, line) in run.lines {
      let event = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let due = Double(try #require(event["at_ms"] as? Int)) / 1000
      #expect(
        at - origin - due < 0.25, "\(line) arrived \(Int((at - origin - due) * 1000)) ms late")
      #expect((event["late_ms"] as? Int ?? 1000) < 100, "\(line)")
    }
    #expect(run.lines.count >= 6)
    #expect(FileManager.default.fileExists(atPath: file("started")))
    let child = try #require(
      Int32(
        try String(contentsOfFile: file("child"), encoding: .utf8)
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Program.isGone(child), "the forked child outlived its action")
    #expect(
      run.standardError.contains(
        "act.lua: action /bin/sh -c \""), "\(run.standardError)")
    #expect(
      run.standardError.contains("was still running at its time limit of 1s and was killed"),
      "\(run.standardError)")
    #expect(
      run.standardError.contains("1 more of its actions failed after the first"),
      "\(run.standardError)")

    // An edit ends the trust: skipped again.
    try (try String(contentsOfFile: path, encoding: .utf8) + "-- edited\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: file("started"))
    let edited = try CadenceProcess.run(arguments, environment: environment)
    #expect(edited.standardError.contains("but you do not trust it"), "\(edited.standardError)")
    #expect(!FileManager.default.fileExists(atPath: file("started")))
  }

  @Test func simulateSaysWhatItWouldRunAndRunsNothing() throws {
    let path = try hostileRoutine()
    defer { try? FileManager.default.removeItem(at: folder) }
    let untrusted = try CadenceProcess.run(["simulate", path], environment: environment)
    #expect(untrusted.status == 0, "\(untrusted.standardError)")
    #expect(
      untrusted.standardOutput.contains(
        "would skip: yes flood (you do not trust this routine)"), "\(untrusted.standardOutput)")
    _ = try CadenceProcess.run(["trust", path], environment: environment)
    let trusted = try CadenceProcess.run(["simulate", path, "--json"], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    #expect(
      trusted.standardOutput.contains(
        #""actions":[{"run":["/bin/sh","-c","#), "\(trusted.standardOutput)")
    #expect(trusted.standardOutput.contains(#"{"run":["yes","flood"],"timeout_ms":5000}"#))
    let plain = try CadenceProcess.run(["simulate", path], environment: environment)
    #expect(plain.standardOutput.contains("would run: yes flood (time limit 5s)"))
    #expect(!FileManager.default.fileExists(atPath: file("started")))
  }
}
