import CadenceArguments
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

  /// Reads the options, with the stored settings as defaults.
  static func load(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)
    -> RunOptions
  {
    let settings = SettingsReader.read(
      flag: arguments.value("db"), environment: context.environment)
    return try read(arguments, console: context.console, settings: settings).get()
  }

  /// Reads the options; the error is a sentence for a usage message.
  static func read(
    _ arguments: ParsedArguments, console: Console, settings: [String: String] = [:]
  ) -> Result<RunOptions, UsageError> {
    let usage = RunCommand.spec.usage
    var volume = settings["volume"].flatMap { Int($0) } ?? 70
    if let text = arguments.value("volume") {
      guard let value = Int(text), (0...100).contains(value) else {
        return .failure(
          UsageError(
            "--volume takes a whole number from 0 to 100, not \(QuotedText.quote(text))",
            usage: usage))
      }
      volume = value
    }
    var style = settings["style"].flatMap { RunScreen.Style(rawValue: $0) } ?? .digital
    if let text = arguments.value("style") {
      guard
        let value = RunScreen.Style(
          rawValue: text.lowercased() == "analog" ? "analogue" : text.lowercased())
      else {
        return .failure(
          UsageError(
            "--style takes digital or analogue, not \(QuotedText.quote(text))", usage: usage))
      }
      style = value
    }
    if arguments.flag("json"), arguments.flag("plain") {
      return .failure(
        UsageError("--json and --plain cannot be given together; choose one", usage: usage))
    }
    let output: Output =
      arguments.flag("json")
      ? .json : (arguments.flag("plain") || !console.isTerminal ? .plain : .view)
    return .success(
      RunOptions(
        output: output, style: style, volume: volume, muted: arguments.flag("mute"),
        sound: arguments.value("sound") ?? settings["sound"].flatMap { $0 == "bing" ? nil : $0 },
        notify: !arguments.flag("no-notify") && settings["notify"] != "off",
        task: arguments.value("task")))
  }
}
