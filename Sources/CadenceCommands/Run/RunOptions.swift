import CadenceArguments
import CadenceDesktop
import CadenceRuntime
import CadenceStore
import CadenceTerminal
import CadenceText

/// How `run` presents a routine, from its command line.
struct RunOptions: Sendable {
  enum Output: Sendable {
    case view
    case plain
    case json
  }

  var output: Output
  var style: RunScreen.Style
  var volume: Int
  var muted: Bool
  var sound: String?
  var notify: Bool
  /// The task the run is recorded against.
  var task: String?
  /// The `session.command` setting's words: run with each finished session as JSON.
  var sessionCommand: [String]? = nil
  /// The `dnd` setting: whose notifications a focus pauses.
  var dnd: DoNotDisturb.Mode = .off
  /// Whether each finished session is tracked in Timewarrior (the `timewarrior` setting).
  var timewarrior = false
  /// The `idle` settings: whether a focus pauses itself when its person is away; nil when off.
  var idle: IdleSettings? = nil

  /// The bing's volume when neither the command line nor the settings say.
  static let defaultVolume = SettingKey.defaultVolume

  static let plain = Flag(
    "plain", help: "Prints one line per event instead of the full-screen view.")
  static let json = CommonOptions.json.described(
    "Prints one JSON object per event, with how late it fired.")
  static let style = Option<String>(
    "style", value: "STYLE", help: "Shows the time as digital (the default) or analogue.",
    kind: .choice(["digital", "analogue"], aliases: ["analog"]))
  static let volume = Option.integer(
    "volume", in: 0...100, help: "Sets the bing's volume, from 0 to 100 (default 70).")
  static let mute = Flag("mute", help: "Plays no sound.")
  static let sound = Option<String>(
    "sound", value: "FILE", help: "Plays this WAV file instead of the bing.")
  static let noNotify = Flag("no-notify", help: "Sends no desktop notifications.")
  static let task = Option<String>(
    "task", value: "NAME", help: "Records the run as work on this task.", kind: .listed("tasks"))

  /// Reads the options, with the stored settings as defaults.
  static func load(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)
    -> RunOptions
  {
    let settings = SettingsReader.read(
      flag: arguments[CommonOptions.database], environment: context.environment)
    var options = try read(arguments, console: context.console, settings: settings).get()
    options.idle = IdleSettings(
      idle: settings["idle"], onReturn: settings["idle.return"],
      command: settings["idle.command"].flatMap(CommandWords.split),
      environment: context.environment)
    return options
  }

  /// Reads the options; the error is a sentence for a usage message.
  static func read(
    _ arguments: ParsedArguments, console: Console, settings: [String: String] = [:]
  ) -> Result<RunOptions, UsageError> {
    // The parser has checked the values against their kinds (a number from 0 to 100, digital
    // or analogue) and that --json and --plain are not both given.
    let volume =
      arguments[Self.volume] ?? settings["volume"].flatMap { Int($0) } ?? Self.defaultVolume
    let chosen = (arguments[Self.style] ?? settings["style"])?.lowercased()
    let style =
      RunScreen.Style(rawValue: chosen == "analog" ? "analogue" : chosen ?? "") ?? .digital
    let output: Output =
      arguments[Self.json] ? .json : (arguments[Self.plain] || !console.isTerminal ? .plain : .view)
    return .success(
      RunOptions(
        output: output, style: style, volume: volume, muted: arguments[Self.mute],
        sound: arguments[Self.sound] ?? settings["sound"].flatMap { $0 == "bing" ? nil : $0 },
        notify: !arguments[Self.noNotify] && settings["notify"] != "off",
        task: arguments[Self.task],
        sessionCommand: settings["session.command"].flatMap(CommandWords.split),
        dnd: settings["dnd"].flatMap(DoNotDisturb.Mode.init(setting:)) ?? .off,
        timewarrior: settings["timewarrior"] == "on"))
  }
}
