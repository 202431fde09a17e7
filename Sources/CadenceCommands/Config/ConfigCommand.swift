import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem

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
        options: [.database], positionals: [key.spec]),
      CommandSpec(
        name: "set", abstract: "Changes a setting.",
        examples: ["cadence config set volume 40", "cadence config set style analogue"],
        options: [.database],
        positionals: [key.spec, value.spec]),
      CommandSpec(
        name: "unset", abstract: "Puts a setting back to its default.",
        examples: ["cadence config unset volume"], options: [.database],
        positionals: [key.spec]),
    ],
    subcommandRequired: true
  )

  static let key = Positional.ruled(
    "KEY", help: "The setting.", kind: .listed("settings"), by: SettingKey.named)
  static let value = Positional<String>(
    "VALUE", help: "Its new value.", kind: .listed("setting values"))

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

  /// The parser has chosen the subcommand and checked its arguments, the key among them.
  init(arguments: ParsedArguments) throws(UsageError) {
    database = arguments[CommonOptions.database]
    usage = Self.spec.qualified(arguments.subcommand).usage
    switch (arguments.subcommand, arguments[Self.key]) {
    case ("get", let key?): action = .get(key)
    case ("set", let key?): action = .set(key, arguments[Self.value]!)
    case (_, let key?): action = .unset(key)
    default: action = .list
    }
  }

  func run(context: CommandContext) -> ExitCode {
    let console = context.console
    // Only a setting that is taken creates the database.
    return Store.using(database, context, usage: usage) { store in
      switch action {
      case .list: console.out(SettingsText.listing(try store.settings()))
      case .get(let key):
        console.out(SettingsText.value(try store.setting(key.rawValue) ?? key.defaultValue))
      case .set(let key, let given):
        switch key.normalised(given) {
        case .success(let value):
          try store.set(key, value)
          console.out(SettingsText.set(key, value))
        case .failure(let refusal): return refusal.report(to: console, usage: usage)
        }
      case .unset(let key):
        try store.reset(key)
        console.out("\(key.rawValue) is back to its default\n")
      }
      return .success
    }
  }
}
