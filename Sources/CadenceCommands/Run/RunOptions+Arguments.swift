import CadenceArguments
import CadenceDesktop
import CadenceRunning
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText

/// The options `run`, `timer`, `focus`, `resume` and `attach` share, declared once; their
/// values make a ``RunOptions``.
enum RunArguments {
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
}

/// How `run`, `timer`, `focus`, `resume` and `attach` read the run options: the command line's,
/// with the stored settings as defaults.
extension RunOptions {
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
      arguments[RunArguments.volume] ?? settings["volume"].flatMap { Int($0) } ?? Self.defaultVolume
    let chosen = (arguments[RunArguments.style] ?? settings["style"])?.lowercased()
    let style =
      RunScreen.Style(rawValue: chosen == "analog" ? "analogue" : chosen ?? "") ?? .digital
    let output: Output =
      arguments[RunArguments.json]
      ? .json : (arguments[RunArguments.plain] || !console.isTerminal ? .plain : .view)
    return .success(
      RunOptions(
        output: output, style: style, volume: volume, muted: arguments[RunArguments.mute],
        sound: arguments[RunArguments.sound]
          ?? settings["sound"].flatMap { $0 == "bing" ? nil : $0 },
        notify: !arguments[RunArguments.noNotify] && settings["notify"] != "off",
        task: arguments[RunArguments.task],
        sessionCommand: settings["session.command"].flatMap(CommandWords.split),
        dnd: settings["dnd"].flatMap(DoNotDisturb.Mode.init(setting:)) ?? .off,
        timewarrior: settings["timewarrior"] == "on"))
  }
}
