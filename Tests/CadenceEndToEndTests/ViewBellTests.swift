import Foundation
import Testing

/// With no sound player, the view a person watches rings its terminal's bell where the run
/// rings, whichever process keeps the time (the full-screen run keeps it in the background).
@Suite(.serialized, .timeLimit(.minutes(5))) struct ViewBellTests {
  let tmux = Tmux()

  @Test func theViewRingsTheBellWhenNoSoundPlayerIsFound() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-bell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let routine = folder.appendingPathComponent("bell.lua").path
    try #"return { name = "Bell", steps = { { "A", "1s" }, { "B", "1s" } } }"#.write(
      toFile: routine, atomically: true, encoding: .utf8)
    let bytes = folder.appendingPathComponent("bytes").path
    // No sound player on PATH (an empty folder), notifications off; the run starts on Enter,
    // once everything the terminal is sent is being recorded.
    let command =
      "read go; env PATH=\(folder.path) CADENCE_DB=\(folder.path)/c.db "
      + "\(CadenceProcess.binary.path) run \(routine) --no-notify; echo EXIT=$?; sleep 60"
    try tmux.start("bell", command)
    defer { tmux.stop() }
    try tmux.run(["pipe-pane", "-t", "bell", "-o", "cat >> \(bytes)"])
    try tmux.keys("bell", ["Enter"])
    let text = try tmux.wait("bell") { $0.contains("EXIT=0") }
    #expect(!text.contains("no terminal to ring"), "\(text)")
    let written = try Data(contentsOf: URL(fileURLWithPath: bytes))
    // A ring for A's start, B's start and the finish (with its milestones) at the least.
    let rings = written.filter { $0 == 0x07 }.count
    #expect(rings >= 3, "\(rings) bells")
  }

  @Test func aMutedViewDoesNotRing() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-bell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let routine = folder.appendingPathComponent("quiet.lua").path
    try #"return { name = "Quiet", steps = { { "A", "1s" }, { "B", "1s" } } }"#.write(
      toFile: routine, atomically: true, encoding: .utf8)
    let bytes = folder.appendingPathComponent("bytes").path
    let command =
      "read go; env PATH=\(folder.path) CADENCE_DB=\(folder.path)/c.db "
      + "\(CadenceProcess.binary.path) run \(routine) --no-notify --mute; echo EXIT=$?; sleep 60"
    try tmux.start("quiet", command)
    defer { tmux.stop() }
    try tmux.run(["pipe-pane", "-t", "quiet", "-o", "cat >> \(bytes)"])
    try tmux.keys("quiet", ["Enter"])
    try tmux.wait("quiet") { $0.contains("EXIT=0") }
    let written = try Data(contentsOf: URL(fileURLWithPath: bytes))
    #expect(!written.contains(0x07))
  }
}
