import CadenceTestSupport
import Foundation
import Testing

/// With no sound player, the view a person watches rings its terminal's bell where the run
/// rings, whichever process keeps the time (the full-screen run keeps it in the background).
@Suite(.serialized, .timeLimit(.minutes(10))) struct ViewBellTests {
  let tmux = Tmux()

  /// Runs a two-step routine full screen in tmux with no sound player on PATH (an empty
  /// folder) and notifications off, started on Enter once everything the terminal is sent is
  /// recorded; returns the last screen and every byte the terminal was sent.
  func view(_ session: String, extra: String = "") throws -> (screen: String, bytes: Data) {
    let folder = try TemporaryFolder("bell").created().url
    let routine = folder.appendingPathComponent("bell.lua").path
    try #"return { name = "Bell", steps = { { "A", "1s" }, { "B", "1s" } } }"#.write(
      toFile: routine, atomically: true, encoding: .utf8)
    let bytes = folder.appendingPathComponent("bytes").path
    let command =
      "read go; env PATH=\(folder.path) CADENCE_DB=\(folder.path)/c.db "
      + "\(CadenceProcess.binary.path) run \(routine) --no-notify \(extra); echo EXIT=$?; sleep 60"
    try tmux.start(session, command)
    defer { tmux.stop() }
    try tmux.run(["pipe-pane", "-t", session, "-o", "cat >> \(bytes)"])
    try tmux.keys(session, ["Enter"])
    let screen = try tmux.wait(session) { $0.contains("EXIT=0") }
    return (screen, try Data(contentsOf: URL(fileURLWithPath: bytes)))
  }

  @Test func theViewRingsTheBellWhenNoSoundPlayerIsFound() throws {
    let (screen, written) = try view("bell")
    #expect(!screen.contains("no terminal to ring"), "\(screen)")
    // A ring for A's start, B's start and the finish (with its milestones) at the least.
    let rings = written.filter { $0 == 0x07 }.count
    #expect(rings >= 3, "\(rings) bells")
  }

  @Test func aMutedViewDoesNotRing() throws {
    let (_, written) = try view("quiet", extra: "--mute")
    #expect(!written.contains(0x07))
  }
}
