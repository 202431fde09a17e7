import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// A kept run whose record is damaged (times out of any range, an adjustment larger than any
/// length) is refused by `resume` with one sentence and status 65, and left as it is. Before,
/// the replay's arithmetic overflowed and the process died with SIGILL, at every `resume`.
@Suite struct ResumeDamageTests {
  let folder = TemporaryFolder("rdm").url

  var database: String { folder.appendingPathComponent("cadence.db").path }

  @Test(arguments: [
    "UPDATE active_runs SET started_at_ms = -9223372036854775808",
    "UPDATE active_runs SET started_at_ms = 9223372036854775807",
    "UPDATE active_runs SET heartbeat_at_ms = -9223372036854775808",
    "INSERT INTO run_actions SELECT id, started_at_ms + 10, 'adjust', 9223372036854775807 FROM active_runs",
    "INSERT INTO run_actions SELECT id, -9223372036854775808, 'pause', NULL FROM active_runs",
  ])
  func aDamagedKeptRunIsRefusedAndLeftAsItIs(damage: String) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try Store(path: database)
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let source =
      #"return { name = "Timer", quarters = false, steps = { { "Timer", "10m", kind = "work" } } }"#
    // Kept by no process (pid 0), as `resume` finds a run whose process died.
    _ = try store.beginRun(
      path: "cadence:timer", source: Array(source.utf8), hash: "0", parameters: [],
      startedAt: now - 60_000, pid: 0)
    try store.database.run(damage)
    let output = try CadenceProcess.run(
      ["resume", "--plain", "--mute", "--no-notify"],
      environment: ["CADENCE_DB": database, "XDG_RUNTIME_DIR": folder.path + "/runtime"])
    #expect(output.status == 65, "\(output.standardOutput)\(output.standardError)")
    #expect(
      output.standardError.hasPrefix("\(database): the kept run of cadence:timer is damaged ("))
    #expect(
      output.standardError.hasSuffix(
        "; Cadence has left it untouched: move the database aside to start afresh, or restore a backup\n"
      ))
    #expect(try Store(path: database, readOnly: true).activeRuns().count == 1)
  }
}
