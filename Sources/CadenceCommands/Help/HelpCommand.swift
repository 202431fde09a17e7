import CadenceArguments
import CadenceSystem

/// `cadence help [COMMAND [SUBCOMMAND]] [--man]`: the overview, a command's or a subcommand's
/// help, or the whole manual page, all written from the command specifications.
struct HelpCommand: CadenceCommand {
  static let man = Flag("man", help: "Prints the manual page (roff, for man -l) instead.")

  static let spec = CommandSpec(
    name: "help",
    abstract: "Shows the commands, a command's help, or the manual page.",
    examples: [
      "cadence help plan", "cadence help task add",
      "cadence help --man > cadence.1 && man -l cadence.1",
    ],
    options: [man.spec],
    positionals: [command.spec, subcommand.spec]
  )

  static let command = Positional<String>(
    "COMMAND", help: "The command to explain.", minimum: 0, kind: .command)
  static let subcommand = Positional<String>(
    "SUBCOMMAND", help: "One of its subcommands (task add, config set).", minimum: 0,
    kind: .listed("subcommands"))

  var manual: Bool
  var command: String?
  var subcommand: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    manual = arguments[Self.man]
    command = arguments[Self.command]
    subcommand = arguments[Self.subcommand]
    if manual, command != nil {
      throw UsageError(
        "--man prints the whole manual; give it without a command", usage: Self.spec.usage)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    guard !manual, let command else {
      context.console.out(manual ? ManPage.page(for: CadenceCLI.program) : CadenceCLI.overview())
      return .success
    }
    switch HelpFormatter.help(
      for: command, subcommand, in: CadenceCLI.specs, usage: Self.spec.usage)
    {
    case .success(let help):
      context.console.out(help)
      return .success
    case .failure(let refusal): return refusal.report(to: context.console)
    }
  }
}
