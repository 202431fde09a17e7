import CadenceArguments
import CadenceSystem
import CadenceText

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
    positionals: [
      PositionalSpec(
        "COMMAND", help: "The command to explain.", minimum: 0, maximum: 1, kind: .command),
      PositionalSpec(
        "SUBCOMMAND", help: "One of its subcommands (task add, config set).", minimum: 0,
        maximum: 1, kind: .listed("subcommands")),
    ]
  )

  var manual: Bool
  var command: String?
  var subcommand: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    manual = arguments[Self.man]
    command = arguments.positionals.first
    subcommand = arguments.positionals.dropFirst().first
    if manual, command != nil {
      throw UsageError(
        "--man prints the whole manual; give it without a command", usage: Self.spec.usage)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    if manual {
      context.console.out(ManPage.page(for: CadenceCLI.program))
      return .success
    }
    guard let command else {
      context.console.out(CadenceCLI.overview())
      return .success
    }
    guard let spec = CadenceCLI.specs.first(where: { $0.name == command }) else {
      return UsageError(
        "\(QuotedText.quote(command)) is not a cadence command; run cadence help for the list",
        usage: Self.spec.usage
      ).report(to: context.console)
    }
    guard let subcommand else {
      context.console.out(HelpFormatter.help(for: spec))
      return .success
    }
    guard spec.subcommand(subcommand) != nil else {
      let refusal =
        spec.subcommands.isEmpty
        ? UsageError(
          "cadence \(spec.name) has no subcommands; run cadence help \(spec.name)",
          usage: Self.spec.usage)
        : UsageError(spec.unknownSubcommand(subcommand).message, usage: Self.spec.usage)
      return refusal.report(to: context.console)
    }
    context.console.out(HelpFormatter.help(for: spec.qualified(subcommand)))
    return .success
  }
}
