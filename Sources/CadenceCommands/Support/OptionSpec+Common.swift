import CadenceArguments

/// Options that several commands take, each declared once here; a command may give one its
/// own help with `described(_:)`, and reads it back with the same declaration.
enum CommonOptions {
  /// `--set NAME=VALUE`, shared by every command that compiles a routine.
  static let setParameter = Option<String>(
    "set", value: "NAME=VALUE", help: "Overrides a parameter the routine declares.",
    repeatable: true, kind: .assignment)

  /// `--db PATH`, shared by every command that reads or writes the database.
  static let database = Option<String>(
    "db", value: "PATH", help: "Uses this database instead of the usual one.", kind: .file)

  /// `--json`, shared by every command that can print JSON.
  static let json = Flag("json", help: "Prints JSON instead of text.")

  /// `--detach`, shared by every command that can run in the background.
  static let detach = Flag("detach", help: "Runs in the background and returns.")

  /// `FILE|NAME`, the routine that run, plan and simulate take.
  static let routine = Positional<String>(
    "FILE|NAME", help: "The routine file, or the name of one.")
}

extension OptionSpec {
  /// `--set NAME=VALUE`: see `CommonOptions.setParameter`.
  static let setParameter = CommonOptions.setParameter.spec

  /// `--db PATH`: see `CommonOptions.database`.
  static let database = CommonOptions.database.spec
}
