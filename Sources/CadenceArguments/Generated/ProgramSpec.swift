/// The whole command line of a program: its commands, and what help, completion scripts and
/// the manual page say about it. Every generated text comes from this one value.
public struct ProgramSpec: Sendable {
  public var name: String
  public var version: String
  /// A short phrase for the manual's NAME line ("a scriptable interval timer").
  public var summary: String
  public var description: [String]
  public var commands: [CommandSpec]
  /// The command line that prints completion candidates, one a line, when completing a routine
  /// or a ``ValueKind/listed(_:)`` word: the scripts run it with `--complete=WORD` for each
  /// word before the one being completed, the command's name first (`cadence list
  /// --complete=config --complete=set` prints the setting keys). It prints every candidate
  /// (the shell filters them) and none that a line could not hold.
  var lister: String
  /// Extra manual sections, such as ENVIRONMENT and EXIT STATUS: title and paragraphs.
  var sections: [(title: String, paragraphs: [String])]

  public init(
    name: String, version: String, summary: String, description: [String],
    commands: [CommandSpec], lister: String,
    sections: [(title: String, paragraphs: [String])] = []
  ) {
    self.name = name
    self.version = version
    self.summary = summary
    self.description = description
    self.commands = commands
    self.lister = lister
    self.sections = sections
  }

  /// The completion script for `shell`: bash, zsh, or else fish.
  public func completionScript(for shell: String) -> String {
    switch shell {
    case "bash": return BashCompletion.script(for: self)
    case "zsh": return ZshCompletion.script(for: self)
    default: return FishCompletion.script(for: self)
    }
  }

  /// The options every command takes besides its own.
  static let helpOption = OptionSpec("help", short: "h", help: "Shows this help.")

  /// A command's options, with `--help` last.
  func options(of command: CommandSpec) -> [OptionSpec] { command.options + [Self.helpOption] }

  /// Help text made safe for a single-quoted shell word, without its final full stop.
  static func shortHelp(_ text: String) -> String {
    var text = text
    if text.hasSuffix(".") { text.removeLast() }
    return String(
      text.unicodeScalars.map { $0.value < 0x20 || $0 == "'" || $0 == "\\" ? " " : Character($0) })
  }

  /// `text` as one single-quoted shell word, for bash, zsh and fish alike: `it's` is written
  /// `'it'\''s'` (fish reads `\'` inside single quotes too, and the result is the same).
  static func singleQuoted(_ text: String) -> String {
    "'" + text.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
  }
}
