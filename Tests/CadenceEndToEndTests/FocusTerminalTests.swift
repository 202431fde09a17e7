import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Seed 002's manual checks and seed 001's timer under a real pseudo-terminal (tmux).
@Suite(.serialized, .timeLimit(.minutes(10))) struct FocusTerminalTests {
  let database = TemporaryFolder("pty").path("cadence.db")

  func command(_ arguments: String) -> String {
    "CADENCE_DB=\(database) \(CadenceProcess.binary.path) \(arguments) --mute --no-notify; echo EXIT=$?; sleep 60"
  }

  @Test func theFocusViewAdjustsInMinutesRepeatsCountsDownAndHidesControls() throws {
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start("focus", command("focus"))
    // The default island and pet are shown, with the default length and the keys to set it.
    var text = try tmux.wait("focus") { $0.contains("25:00 of 25:00") }
    #expect(text.contains("( o.o )"))
    #expect(text.contains("--+--"))
    #expect(text.contains("↑/↓ or +/- one minute · Enter start"))
    // One press, one minute.
    try tmux.keys("focus", ["Up"])
    text = try tmux.wait("focus") { $0.contains("26:00 of 26:00") }
    // A held key: its repeats arrive in a burst; each is one minute, none dropped or doubled.
    try tmux.keys("focus", Array(repeating: "Up", count: 9) + Array(repeating: "+", count: 5))
    text = try tmux.wait("focus") { $0.contains("40:00 of 40:00") }
    try tmux.keys("focus", Array(repeating: "Down", count: 39))
    text = try tmux.wait("focus") { $0.contains("1:00 of 1:00") }
    try tmux.keys("focus", ["Down"])
    usleep(300_000)
    #expect(try tmux.screen("focus").contains("1:00 of 1:00"))
    // Counting: only pause and stop; the display goes down a second at a time.
    try tmux.keys("focus", ["Enter"])
    text = try tmux.wait("focus") { $0.contains("space pause · q stop") }
    #expect(!text.contains("one minute"))
    #expect(!text.contains("Enter start"))
    var seen: [String] = []
    let deadline = Date().addingTimeInterval(3.5)
    while Date() < deadline {
      if let line = try tmux.screen("focus").split(separator: "\n").first(where: {
        $0.contains(" of 1:00")
      }),
        let range = line.range(of: #"\d:\d\d of"#, options: .regularExpression)
      {
        let shown = String(line[range].dropLast(3))
        if seen.last != shown { seen.append(shown) }
      }
      usleep(40_000)
    }
    #expect(seen.count >= 3, "\(seen)")
    let seconds = seen.compactMap { Int($0.split(separator: ":").last ?? "") }
    // Each change is one second less (0:59 after 1:00 counts as 60 to 59). A capture slowed
    // past a second by a busy machine misses one, so each change is a fall, and at least half
    // are of one second.
    let values = seconds.map { $0 == 0 ? 60 : $0 }
    let falls = zip(values, values.dropFirst()).map { $0 - $1 }
    #expect(falls.allSatisfy { $0 >= 1 }, "\(seen)")
    #expect(falls.filter { $0 == 1 }.count * 2 >= falls.count, "\(seen)")
    // Stopping a focus offers focus again at the last focus length; it earned nothing.
    try tmux.keys("focus", ["q"])
    text = try tmux.wait("focus") { $0.contains("Focus stopped") }
    #expect(text.contains("1:00 of 1:00"))
    #expect(text.contains("FOCUS · ready"))
    #expect(text.contains("coins 0"))
    try tmux.keys("focus", ["q"])
    try tmux.wait("focus") { $0.contains("EXIT=0") }
    let sessions = try Store(path: database, readOnly: true).sessions()
    #expect(sessions.map(\.kind) == [.focus])
    #expect(sessions.first?.outcome == .stopped)
    #expect(sessions.first?.coins == 0)
  }

  /// Seed 001's settings page, from the timer's home screen: volume, sound and style, each
  /// saved as it changes and used by the countdown that follows.
  @Test func theTimerSettingsPageChangesVolumeSoundAndStyle() throws {
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start("timer", command("timer"))
    var text = try tmux.wait("timer") { $0.contains("s settings") }
    try tmux.keys("timer", ["s"])
    text = try tmux.wait("timer") { $0.contains("Timer · settings") }
    #expect(text.contains("Volume  ▰▰▰▰▰▰▰▱▱▱ 70"))
    #expect(text.contains("Sound   bing"))
    #expect(text.contains("Style   digital"))
    try tmux.keys("timer", ["Right", "Right"])
    text = try tmux.wait("timer") { $0.contains("▰▰▰▰▰▰▰▰▰▱ 90") }
    try tmux.keys("timer", ["Down", "Enter"])
    text = try tmux.wait("timer") { $0.contains("type the path of a WAV file") }
    try tmux.keys("timer", ["-l", "/no/such.wav"])
    try tmux.keys("timer", ["Enter"])
    text = try tmux.wait("timer") { $0.contains("/no/such.wav: no such sound file") }
    try tmux.keys("timer", ["Escape"])
    try tmux.keys("timer", ["Down", "Right"])
    text = try tmux.wait("timer") { $0.contains("Style   analogue") }
    try tmux.keys("timer", ["Escape"])
    text = try tmux.wait("timer") { $0.contains("Choose a length") }
    let settings = try CadenceProcess.run(["config", "list", "--db", database]).standardOutput
    #expect(settings.contains("volume = 90\n"))
    #expect(settings.contains("style = analogue\n"))
    #expect(settings.contains("sound = bing (default)\n"))
    try tmux.keys("timer", ["q"])
    try tmux.wait("timer") { $0.contains("EXIT=0") }
  }

  @Test func theTimerChoosesAPresetAndAStopShowsZero() throws {
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start("timer", command("timer"))
    var text = try tmux.wait("timer") { $0.contains("Choose a length") }
    for preset in ["1  5m", "2  10m", "3  15m", "4  25m", "5  45m", "6  1h"] {
      #expect(text.contains(preset))
    }
    try tmux.keys("timer", ["1"])
    text = try tmux.wait("timer") { $0.contains("of 5:00") && $0.contains("space pause · q stop") }
    try tmux.keys("timer", ["q"])
    text = try tmux.wait("timer") { $0.contains("TIMER · stopped") }
    #expect(text.contains("0:00 of 5:00"))
    try tmux.keys("timer", ["q"])
    try tmux.wait("timer") { $0.contains("EXIT=0") }
    let sessions = try Store(path: database, readOnly: true).sessions()
    #expect(sessions.map(\.kind) == [.timer])
    #expect(sessions.first?.outcome == .stopped)
    #expect(sessions.first?.plannedMilliseconds == 300_000)
  }
}
