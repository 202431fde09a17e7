import CadenceTestSupport
import Foundation
import Testing

/// `run --detach` returns once the run has started, so that a status bar or a script that
/// asks at once finds it (it used to return when the socket listened, and a status asked
/// before the run's first update found no run).
@Suite(.serialized, .timeLimit(.minutes(10))) struct DetachedReadyTests {
  let folder = TemporaryFolder("ready").url

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  @Test func statusAskedTheMomentRunDetachReturnsFindsTheRun() throws {
    let path = try CadenceProcess.temporaryFile(
      "ready.lua", "return { name = 'Ready', steps = { { 'Long', '1h' } } }\n")
    for attempt in 1...4 {
      let started = try CadenceProcess.run(
        ["run", path, "--detach", "--mute", "--no-notify"], environment: environment)
      #expect(started.status == 0, "\(started.standardError)")
      let id =
        started.standardOutput.split(whereSeparator: { " .\n".contains($0) })
        .drop { $0 != "run" }.dropFirst().first.map(String.init) ?? ""
      let status = try CadenceProcess.run(
        ["status", "--run", id, "--format", "{state} {segment}"], environment: environment)
      #expect(status.status == 0, "attempt \(attempt): \(status.standardError)")
      #expect(status.standardOutput == "running Long\n", "attempt \(attempt)")
      #expect(
        try CadenceProcess.run(["stop", "--run", id], environment: environment).status == 0)
    }
  }
}
