import CadenceTestSupport
import Foundation
import Testing

/// Timers, `run LENGTH` and focus sessions started as a shell's background job (`&`) on a
/// terminal print event lines and leave the terminal's settings alone, so the shell does not
/// stop them ("Stopped (tty output)"), as a routine's run does.
@Suite(.timeLimit(.minutes(10))) struct BackgroundJobTests {
  @Test(arguments: [
    ["timer", "1m"], ["run", "1m"], ["focus", "--length", "1m"],
  ])
  func aCountdownInAShellsBackgroundJobKeepsRunning(command: [String]) throws {
    let folder = try TemporaryFolder("job").created().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let runtime = folder.appendingPathComponent("runtime").path
    let cadence =
      "CADENCE_DB=\(folder.path)/cadence.db XDG_RUNTIME_DIR=\(runtime) \(CadenceProcess.binary.path)"
    // Waits (up to 10 seconds) until the job is stopped or its countdown is seen by status.
    let shell = """
      \(cadence) \(command.joined(separator: " ")) --mute --no-notify &
      for i in $(seq 100); do
        jobs -l | grep -q Stop[p]ed && break
        \(cadence) status --json | grep -q cadence: && break
        sleep 0.1
      done
      sleep 0.3; jobs -l; kill -KILL %1; wait
      """
    let script = try CadenceProcess.temporaryFile("job.sh", shell)
    let output = try CadenceProcess.runTool(
      "/usr/bin/script", ["-qec", "bash --norc -i \(script)", "/dev/null"])
    #expect(output.standardOutput.contains("Running"), "\(output.standardOutput)")
    #expect(!output.standardOutput.contains("Stopped"), "\(output.standardOutput)")
    #expect(output.standardOutput.contains("go!"), "\(output.standardOutput)")
    // Event lines, not the full-screen view (which switches to the alternate screen).
    #expect(!output.standardOutput.contains("\u{1B}[?1049h"), "\(output.standardOutput)")
  }
}
