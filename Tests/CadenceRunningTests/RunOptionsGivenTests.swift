import CadenceRunning
import CadenceTerminal
import Testing

/// How `run`, `timer`, `focus`, `resume` and `attach` make their run options: what the command
/// line gives wins, the stored settings fill in the rest, and without a terminal the view is
/// event lines.
@Suite struct RunOptionsGivenTests {
  static let nothing = RunOptions.Given(
    json: false, plain: false, style: nil, volume: nil, muted: false, sound: nil,
    noNotify: false, task: nil)

  @Test func theSettingsFillInWhatTheCommandLineLeavesOut() {
    let options = RunOptions(
      Self.nothing, terminal: true,
      settings: [
        "style": "Analog", "volume": "30", "sound": "/sounds/gong.wav", "notify": "off",
        "timewarrior": "on", "session.command": "logger -t cadence",
      ])
    #expect(options.output == .view)
    #expect(options.style == .analogue)
    #expect(options.volume == 30)
    #expect(options.sound == "/sounds/gong.wav")
    #expect(!options.notify)
    #expect(options.timewarrior)
    #expect(options.sessionCommand == ["logger", "-t", "cadence"])
  }

  @Test func theCommandLineWinsOverTheSettings() {
    var given = Self.nothing
    given.style = "digital"
    given.volume = 90
    given.sound = "/mine.wav"
    given.muted = true
    given.noNotify = true
    given.task = "Essay"
    given.json = true
    let options = RunOptions(
      given, terminal: true,
      settings: ["style": "analogue", "volume": "30", "sound": "/sounds/gong.wav"])
    #expect(options.output == .json)
    #expect(options.style == .digital)
    #expect(options.volume == 90)
    #expect(options.sound == "/mine.wav")
    #expect(options.muted)
    #expect(!options.notify)
    #expect(options.task == "Essay")
  }

  @Test func withNothingSaidTheDefaultsHold() {
    let options = RunOptions(Self.nothing, terminal: true, settings: ["sound": "bing"])
    #expect(options.style == .digital)
    #expect(options.volume == RunOptions.defaultVolume)
    // The bing is the sound when none is set, or when the setting names it.
    #expect(options.sound == nil)
    #expect(options.notify)
    #expect(!options.timewarrior)
    #expect(options.sessionCommand == nil)
  }

  @Test func withoutATerminalOrWithPlainTheViewIsLines() {
    #expect(RunOptions(Self.nothing, terminal: false).output == .plain)
    var plain = Self.nothing
    plain.plain = true
    #expect(RunOptions(plain, terminal: true).output == .plain)
    var json = Self.nothing
    json.json = true
    #expect(RunOptions(json, terminal: false).output == .json)
  }
}
