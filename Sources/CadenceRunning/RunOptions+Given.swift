import CadenceDesktop
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText

extension RunOptions {
  /// What a command line says of how a run is shown and heard: nil, or false, where it says
  /// nothing. Its values are checked by the parser (a volume from 0 to 100, digital or
  /// analogue, not both `--json` and `--plain`).
  public struct Given: Sendable {
    public var json: Bool
    public var plain: Bool
    public var style: String?
    public var volume: Int?
    public var muted: Bool
    public var sound: String?
    public var noNotify: Bool
    public var task: String?

    public init(
      json: Bool, plain: Bool, style: String?, volume: Int?, muted: Bool, sound: String?,
      noNotify: Bool, task: String?
    ) {
      self.json = json
      self.plain = plain
      self.style = style
      self.volume = volume
      self.muted = muted
      self.sound = sound
      self.noNotify = noNotify
      self.task = task
    }
  }

  /// The options `given` asks for, with the settings stored in the database (`--db`, or nil
  /// for the usual one) as defaults.
  public static func load(_ given: Given, database: String?, context: CommandContext)
    -> RunOptions
  {
    let settings = SettingsReader.read(flag: database, environment: context.environment)
    var options = RunOptions(given, terminal: context.console.isTerminal, settings: settings)
    options.idle = IdleSettings(
      idle: settings["idle"], onReturn: settings["idle.return"],
      command: settings["idle.command"].flatMap(CommandWords.split),
      environment: context.environment)
    return options
  }

  /// The options `given` asks for, with `settings` as defaults; without a `terminal`, lines.
  public init(_ given: Given, terminal: Bool, settings: [String: String] = [:]) {
    let chosen = (given.style ?? settings["style"])?.lowercased()
    self.init(
      output: given.json ? .json : (given.plain || !terminal ? .plain : .view),
      style: RunScreen.Style(rawValue: chosen == "analog" ? "analogue" : chosen ?? "") ?? .digital,
      volume: given.volume ?? settings["volume"].flatMap { Int($0) } ?? Self.defaultVolume,
      muted: given.muted,
      sound: given.sound ?? settings["sound"].flatMap { $0 == "bing" ? nil : $0 },
      notify: !given.noNotify && settings["notify"] != "off", task: given.task,
      sessionCommand: settings["session.command"].flatMap(CommandWords.split),
      dnd: settings["dnd"].flatMap(DoNotDisturb.Mode.init(setting:)) ?? .off,
      timewarrior: settings["timewarrior"] == "on")
  }
}
