import CadenceArguments
import CadenceCore
import CadenceStore
import CadenceText

/// `cadence config`: reads and changes the settings kept in the database.
enum ConfigCommand {
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

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    // The parser has chosen the subcommand and checked how many arguments it has.
    let action = arguments.subcommand ?? "list"
    let usage = spec.qualified(action).usage
    let words = arguments.positionals
    var key: SettingKey?
    if let word = words.first {
      guard let known = SettingKey(rawValue: word.lowercased()) else {
        let names = SettingKey.allCases.map(\.rawValue).joined(separator: ", ")
        return UsageError(
          "\(QuotedText.quote(word)) is not a setting; the settings are \(names)", usage: usage
        ).report(to: context.console)
      }
      key = known
    }
    do {
      let path = Store.defaultPath(
        flag: arguments[CommonOptions.database], environment: context.environment)
      // Only a setting that is taken creates the database.
      let store = try Store.existing(path: path)
      switch action {
      case "list":
        let stored = Dictionary(try store.settings().map { ($0.key, $0.value) }) { $1 }
        // Each value in force: the one set, or the default, marked as such.
        context.console.out(
          SettingKey.allCases.map { key in
            let value =
              stored[key.rawValue].map(TerminalText.line)
              ?? key.defaultValue.map { "\($0) (default)" } ?? "(none)"
            return "\(key.rawValue) = \(value)\n"
          }.joined())
      case "get":
        let value = try store.setting(key!.rawValue) ?? key!.defaultValue
        context.console.out("\(value.map(TerminalText.line) ?? "(none)")\n")
      case "set":
        switch key!.normalised(words[1]) {
        case .success(let value):
          if let kind = OwnedItem.Kind(rawValue: key!.rawValue),
            let refusal = try ShopCommand.notOwned(kind, value, in: store)
          {
            return refusal.report(to: context.console)
          }
          try store.writable().setSetting(key!.rawValue, value)
          context.console.out("\(key!.rawValue) = \(TerminalText.line(value))\n")
        case .failure(let refusal) where refusal.isMissingFile:
          context.console.problem(refusal.sentence)
          return .noInput
        case .failure(let refusal):
          return UsageError(refusal.sentence, usage: usage).report(to: context.console)
        }
      default:
        // With no database every setting is at its default already.
        if !store.isStandIn { try store.setSetting(key!.rawValue, nil) }
        context.console.out("\(key!.rawValue) is back to its default\n")
      }
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    return .success
  }
}
