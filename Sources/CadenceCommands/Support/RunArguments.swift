import CadenceArguments

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
