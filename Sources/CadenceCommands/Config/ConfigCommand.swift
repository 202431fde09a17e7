import CadenceArguments
import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText

/// `cadence config list|get|set|unset`: reads and changes the settings kept in the database.
struct ConfigCommand: CadenceCommand {
  static let spec = CommandSpec(
    name: "config",
    abstract: "Lists, reads and changes the settings (each is named below, with what it takes).",
    discussion: "Settings: "
      + SettingKey.allCases.map { "\($0.rawValue) (\($0.help))" }.joined(separator: "; ") + ".",
    examples: ["cadence config list", "cadence config set volume 40", "cadence config get style"],
    options: [.database],
    subcommands: [
      CommandSpec(
        name: "list", abstract: "Lists every setting's value.", examples: ["cadence config list"],
        options: [.database]),
      CommandSpec(
        name: "get", abstract: "Prints a setting's value.", examples: ["cadence config get style"],
        options: [.database], positionals: [key]),
      CommandSpec(
        name: "set", abstract: "Changes a setting.",
        examples: ["cadence config set volume 40", "cadence config set style analogue"],
        options: [.database],
        positionals: [
          key, PositionalSpec("VALUE", help: "Its new value.", kind: .listed("setting values")),
        ]),
      CommandSpec(
        name: "unset", abstract: "Puts a setting back to its default.",
        examples: ["cadence config unset volume"], options: [.database], positionals: [key]),
    ],
    subcommandRequired: true
  )

  static let key = PositionalSpec("KEY", help: "The setting.", kind: .listed("settings"))

  /// The subcommand, with what it names.
  enum Action {
    case list
    case get(SettingKey)
    /// The key and the value as given (normalised once the database is open).
    case set(SettingKey, String)
    case unset(SettingKey)
  }

  var action: Action
  var database: String?
  /// The subcommand's usage line, for a refusal of its value.
  var usage: String

  /// The parser has chosen the subcommand and checked how many arguments it has; the key is
  /// read here.
  init(arguments: ParsedArguments) throws(UsageError) {
    database = arguments[CommonOptions.database]
    usage = Self.spec.qualified(arguments.subcommand).usage
    let words = arguments.positionals
    guard let word = words.first else {
      action = .list
      return
    }
    guard let key = SettingKey(rawValue: word.lowercased()) else {
      let names = SettingKey.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(
        "\(QuotedText.quote(word)) is not a setting; the settings are \(names)", usage: usage)
    }
    switch arguments.subcommand {
    case "get": action = .get(key)
    case "set": action = .set(key, words[1])
    default: action = .unset(key)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    do {
      let path = Store.defaultPath(flag: database, environment: context.environment)
      // Only a setting that is taken creates the database.
      let store = try Store.existing(path: path)
      switch action {
      case .list:
        let stored = Dictionary(try store.settings().map { ($0.key, $0.value) }) { $1 }
        // Each value in force: the one set, or the default, marked as such.
        context.console.out(
          SettingKey.allCases.map { key in
            let value =
              stored[key.rawValue].map(TerminalText.line)
              ?? key.defaultValue.map { "\($0) (default)" } ?? "(none)"
            return "\(key.rawValue) = \(value)\n"
          }.joined())
      case .get(let key):
        let value = try store.setting(key.rawValue) ?? key.defaultValue
        context.console.out("\(value.map(TerminalText.line) ?? "(none)")\n")
      case .set(let key, let given):
        switch key.normalised(given) {
        case .success(let value):
          if let kind = OwnedItem.Kind(rawValue: key.rawValue),
            let refusal = try store.notOwned(kind, value)
          {
            return PlanningInput.Refusal(sentence: refusal.sentence, status: .dataError)
              .report(to: context.console)
          }
          try store.writable().setSetting(key.rawValue, value)
          context.console.out("\(key.rawValue) = \(TerminalText.line(value))\n")
        case .failure(let refusal) where refusal.isMissingFile:
          context.console.problem(refusal.sentence)
          return .noInput
        case .failure(let refusal):
          return UsageError(refusal.sentence, usage: usage).report(to: context.console)
        }
      case .unset(let key):
        // With no database every setting is at its default already.
        if !store.isStandIn { try store.setSetting(key.rawValue, nil) }
        context.console.out("\(key.rawValue) is back to its default\n")
      }
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    return .success
  }
}
