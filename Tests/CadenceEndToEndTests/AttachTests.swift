import CadenceTestSupport
import Foundation
import Testing

/// The full-screen view as a client of the run's background process, under tmux: a killed
/// terminal leaves the run going and attach shows it again; the timeline follows + - and n.
@Suite(.serialized, .timeLimit(.minutes(10))) struct AttachTests {
  let folder = TemporaryFolder("attach").url
  let tmux = Tmux()

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  /// A shell command running cadence with the test's own database and runtime folder.
  func command(_ arguments: String) -> String {
    let variables = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    return "env \(variables) \(CadenceProcess.binary.path) \(arguments)"
  }

  func status() throws -> [String: Any]? {
    let output = try CadenceProcess.run(["status", "--json"], environment: environment)
    let runs = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    return (runs as? [[String: Any]])?.first
  }

  /// Whether no run is going within 10 s: attach leaves on the run's end, a moment before the
  /// run lets its socket go.
  func noRunSoon() throws -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, try status() != nil { usleep(20_000) }
    return try status() == nil
  }

  @Test func aKilledTerminalLeavesTheRunGoingAndAttachShowsIt() throws {
    defer { tmux.stop() }
    let path = try CadenceProcess.temporaryFile(
      "attach.lua", "return { name = 'Attached', steps = { { 'Long', '1h' }, { 'End', '1s' } } }\n")
    try tmux.start(
      "first", "\(command("run \(path) --mute --no-notify")); sleep 60", columns: 100,
      rows: 32)
    // The whole first frame, key line included: a capture can fall in the middle of one.
    var text = try tmux.wait("first") { $0.contains("LONG") && $0.contains("q stop run") }
    #expect(text.contains("q stop run · d detach"))
    let pid = try #require(try status()?["pid"] as? Int)
    defer { kill(Int32(pid), SIGKILL) }
    try tmux.run(["kill-session", "-t", "first"])
    usleep(300_000)
    let run = try #require(try status())
    #expect(run["state"] as? String == "running")
    #expect(run["segment"] as? String == "Long")

    try tmux.start(
      "second", "\(command("attach")); echo EXIT=$?; sleep 60", columns: 100, rows: 32)
    text = try tmux.wait("second") { $0.contains("LONG") && $0.contains("d detach") }
    #expect(text.contains("Cadence · Attached"))
    try tmux.keys("second", ["d"])
    text = try tmux.wait("second") { $0.contains("EXIT=") }
    #expect(text.contains("Detached: Attached goes on"))
    #expect(text.contains("EXIT=0"))
    #expect(try status()?["state"] as? String == "running")

    try tmux.start(
      "third", "\(command("attach")); echo EXIT=$?; sleep 60", columns: 100, rows: 32)
    _ = try tmux.wait("third") { $0.contains("LONG") && $0.contains("d detach") }
    try tmux.keys("third", ["q"])
    text = try tmux.wait("third") { $0.contains("EXIT=") }
    #expect(text.contains("Attached: stopped after"))
    #expect(text.contains("EXIT=0"))
    #expect(try noRunSoon())
  }

  @Test func anAttachedTimerTakesOnlyPauseStopAndDetach() throws {
    defer { tmux.stop() }
    let started = try CadenceProcess.run(
      ["timer", "10m", "--detach", "--mute", "--no-notify"], environment: environment)
    #expect(started.status == 0, "\(started.standardError)")
    let pid = try #require(try status()?["pid"] as? Int)
    defer { kill(Int32(pid), SIGKILL) }
    try tmux.start(
      "timer", "\(command("attach")); echo EXIT=$?; sleep 60", columns: 100, rows: 32)
    let text = try tmux.wait("timer") { $0.contains("space pause · q stop · d detach") }
    #expect(!text.contains("n skip"))
    #expect(!text.contains("one minute"))
    // Skip, the minute keys and Enter send nothing; space, after them, still pauses.
    try tmux.keys("timer", ["n", "+", "-", "Enter", "Space"])
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, try status()?["state"] as? String != "paused" { usleep(50_000) }
    let run = try #require(try status())
    #expect(run["state"] as? String == "paused")
    #expect(run["total_ms"] as? Int == 600_000)
    #expect(run["segment"] as? String == "Timer")
    try tmux.keys("timer", ["q"])
    _ = try tmux.wait("timer") { $0.contains("EXIT=") }
    #expect(try noRunSoon())
  }

  /// The timeline's bar: the line under the cursor, without its indent.
  func bar(_ screen: String) -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let cursor = lines.firstIndex(where: { $0.contains("▼") }), cursor + 1 < lines.count
    else { return "" }
    return lines[cursor + 1].trimmingCharacters(in: .whitespaces)
  }

  @Test func theTimelineFollowsTheEngineAfterAdjustingAndSkipping() throws {
    defer { tmux.stop() }
    let path = try CadenceProcess.temporaryFile(
      "timeline.lua",
      """
      return { name = "Strip", steps = {
        { "A", "10m" }, { "B", "10m", kind = "pause" }, { "C", "10m" } } }
      """)
    try tmux.start(
      "strip", "\(command("run \(path) --mute --no-notify")); sleep 60", columns: 100,
      rows: 40)
    // The strip is 94 columns; a column is work when the middle of its slice of the routine,
    // as it now stands, falls in a work step.
    var text = try tmux.wait("strip") { $0.contains("of 30:00") }
    #expect(bar(text).prefix { $0 == "█" }.count == 31)
    try tmux.keys("strip", ["+"])
    text = try tmux.wait("strip") { $0.contains("of 31:00") }
    #expect(bar(text).prefix { $0 == "█" }.count == 33, "\(text)")
    try tmux.keys("strip", ["-", "-"])
    text = try tmux.wait("strip") { $0.contains("of 29:00") }
    #expect(bar(text).prefix { $0 == "█" }.count == 29, "\(text)")
    try tmux.keys("strip", ["n"])
    text = try tmux.wait("strip") { $0.contains("   B ") && $0.contains("of 20:0") }
    // A lasted a moment: the strip opens with B's pause, half of what is left, then C.
    let shown = bar(text)
    let pause = shown.prefix { $0 == "░" }.count
    #expect(pause >= 46 && pause <= 48, "\(text)")
    #expect(shown.dropFirst(pause).allSatisfy { $0 == "█" }, "\(text)")
    // The cursor stands at A's moment of the 20 minutes: the first column.
    let cursor = text.split(separator: "\n").first { $0.contains("▼") }.map(String.init) ?? ""
    #expect(cursor == "   ▼", "\(text)")
    try tmux.keys("strip", ["q"])
    _ = try tmux.wait("strip") { $0.contains("stopped after") }
  }
}
