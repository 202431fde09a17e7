import CadenceArguments

extension OptionSpec {
  /// `--set NAME=VALUE`, shared by every command that compiles a routine.
  static let setParameter = OptionSpec(
    "set", value: "NAME=VALUE", help: "Overrides a parameter the routine declares.",
    repeatable: true)
}
