import CadenceArguments

/// Options that several commands take, declared once.
enum CommonOptions {
  /// `--set NAME=VALUE`, shared by every command that compiles a routine.
  static let setParameter = Option<String>(
    "set", value: "NAME=VALUE", help: "Overrides a parameter the routine declares.",
    repeatable: true, kind: .assignment)

  /// `--db PATH`, shared by every command that reads or writes the database.
  static let database = Option<String>(
    "db", value: "PATH", help: "Uses this database instead of the usual one.", kind: .file)
}

extension OptionSpec {
  /// `--set NAME=VALUE`: see `CommonOptions.setParameter`.
  static let setParameter = CommonOptions.setParameter.spec

  /// `--db PATH`: see `CommonOptions.database`.
  static let database = CommonOptions.database.spec
}

extension [OptionSpec] {
  /// The options named, in the order given: a subcommand's share of its command's options.
  func named(_ names: String...) -> [OptionSpec] {
    names.compactMap { name in first { $0.name == name } }
  }
}
