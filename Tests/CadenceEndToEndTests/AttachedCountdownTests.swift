import Foundation
import Testing

/// `cadence attach` to a focus, a timer or a break shows the view its own terminal shows: the
/// island, the pet and the coins, the style setting, and a mandatory break's refusals (issue
/// 19). Under tmux, a real pseudo-terminal.
@Suite(.serialized, .timeLimit(.minutes(10))) struct AttachedCountdownTests {
  let fixture = KilledRunFixture()
  let tmux = Tmux()

  /// A shell command running cadence with the fixture's database and runtime folder.
  func command(_ arguments: String) -> String {
    let variables = fixture.environment.map { "\($0.key)='\($0.value)'" }.sorted()
      .joined(separator: " ")
    return "env \(variables) \(CadenceProcess.binary.path) \(arguments); echo EXIT=$?; sleep 60"
  }

  /// The lines of the island (the palm, the default) and its pet (the cat), as the view draws
  /// them.
  func scene(_ screen: String) -> [String] {
    screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.contains("o.o") || $0.contains("~~~~~") || $0.contains("\\|/") }
  }

  @Test func anAttachedFocusShowsTheIslandPetAndCoinsOfItsOwnView() throws {
    defer { tmux.stop() }
    try tmux.start("own", command("focus --mute --no-notify"), columns: 100, rows: 40)
    _ = try tmux.wait("own") { $0.contains("Enter start") }
    try tmux.keys("own", ["Enter"])
    let own = try tmux.wait("own") { $0.contains("space pause · q stop") }
    #expect(own.contains("coins 0"))
    #expect(scene(own).count == 3)
    #expect(own.contains("--+--"))
    let pid = try #require(try fixture.status()?["pid"] as? Int)
    defer { kill(Int32(pid), SIGKILL) }

    try tmux.start("attached", command("attach"), columns: 100, rows: 40)
    let attached = try tmux.wait("attached") { $0.contains("space pause · q stop · d detach") }
    #expect(attached.contains("Cadence · Focus"))
    #expect(attached.contains("FOCUS"))
    #expect(attached.contains("coins 0"))
    #expect(scene(attached) == scene(own))
    // The routine view's strip and step bar are not what a focus shows.
    #expect(!attached.contains("step "))
    try tmux.keys("attached", ["d"])
    let left = try tmux.wait("attached") { $0.contains("EXIT=") }
    #expect(left.contains("EXIT=0"))
    try tmux.keys("own", ["q"])
    _ = try tmux.wait("own") { $0.contains("Focus stopped") }
  }

  /// The clock face's marks: the rows from its 12 to its 6 and where its 3 and 9 are, as
  /// the face is drawn (the hand aside).
  func face(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.contains("●") || $0.contains("◉") }
      .map { String($0.filter { $0 == "●" || $0 == "◉" || $0 == " " || $0 == "·" }) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func anAttachedTimerHonoursTheStyleSetting() throws {
    defer { tmux.stop() }
    try fixture.succeed(["config", "set", "style", "analogue"])
    try tmux.start("own", command("timer 10m --mute --no-notify"), columns: 100, rows: 40)
    let own = try tmux.wait("own") { $0.contains("space pause · q stop") && $0.contains("◉") }
    let pid = try #require(try fixture.status()?["pid"] as? Int)
    defer { kill(Int32(pid), SIGKILL) }
    try tmux.start("analogue", command("attach"), columns: 100, rows: 40)
    var text = try tmux.wait("analogue") { $0.contains("d detach") && $0.contains("◉") }
    #expect(text.contains("Cadence · Timer"))
    #expect(text.contains("TIMER"))
    #expect(!text.contains("█████"))
    // The face its own terminal shows, of the same size.
    #expect(face(text) == face(own))
    try tmux.keys("analogue", ["d"])
    _ = try tmux.wait("analogue") { $0.contains("EXIT=0") }
    // --style on attach goes before the setting.
    try tmux.start("digital", command("attach --style digital"), columns: 100, rows: 40)
    text = try tmux.wait("digital") { $0.contains("d detach") && $0.contains("█████") }
    #expect(!text.contains("◉"))
    try tmux.keys("digital", ["q"])
    _ = try tmux.wait("digital") { $0.contains("EXIT=") }
    // Attach leaves on the run's end, a moment before the run lets its socket go.
    #expect(try fixture.noRunSoon())
  }

  @Test func anAttachedMandatoryBreakRefusesAsItsOwnViewDoes() throws {
    defer { tmux.stop() }
    try fixture.succeed(["task", "add", "Essay"])
    try fixture.succeed(["config", "set", "task-break", "5m"])
    try fixture.succeed(["focus", "Essay", "--length", "1m", "--detach", "--mute", "--no-notify"])
    let pid = try #require(try fixture.status()?["pid"] as? Int)
    defer { kill(Int32(pid), SIGKILL) }
    // The focus ends in about a second, and its mandatory break follows.
    try fixture.succeed(["adjust", "-59s"])
    _ = try fixture.status { $0["mandatory"] as? Bool == true }
    try tmux.start("break", command("attach"), columns: 100, rows: 40)
    var text = try tmux.wait("break") { $0.contains("d detach") && $0.contains("BREAK") }
    #expect(text.contains("BREAK · mandatory"))
    #expect(text.contains("Focus: Essay"))
    // A focus cut to a second earns nothing; the balance is shown all the same.
    #expect(text.contains("coins 0"))
    #expect(scene(text).count == 3)
    #expect(text.contains("space pause · d detach"))
    #expect(!text.contains("q stop"))
    try tmux.keys("break", ["q"])
    text = try tmux.wait("break") { $0.contains("cannot be stopped from its view") }
    #expect(text.contains("cadence stop ends the session"))
    #expect(try fixture.status()?["state"] as? String == "running")
    try tmux.keys("break", ["d"])
    _ = try tmux.wait("break") { $0.contains("EXIT=0") }
    try fixture.succeed(["stop"])
  }
}
