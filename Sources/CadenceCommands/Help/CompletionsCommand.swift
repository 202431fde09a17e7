import CadenceArguments
import CadenceSystem

/// `cadence completions bash|zsh|fish`: a completion script written from the command
/// specifications, with routine names from the library.
struct CompletionsCommand: CadenceCommand {
  static let spec = CommandSpec(
    name: "completions",
    abstract: "Prints a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, their options and values, and the routines, tasks,
      goals, shop items and settings Cadence knows (it runs cadence list --complete as you
      type), each offered literally: no name is ever expanded or run, and one with a line
      break is left out. scripts/install puts each in its
      place; to load one by hand: source <(cadence completions bash) in ~/.bashrc,
      cadence completions zsh > ~/.zfunc/_cadence with ~/.zfunc on fpath, or
      cadence completions fish > ~/.config/fish/completions/cadence.fish.
      """,
    examples: ["source <(cadence completions bash)", "cadence completions fish > cadence.fish"],
    positionals: [shell.spec]
  )

  static let shell = Positional<String>(
    "SHELL", help: "bash, zsh or fish.", kind: .choice(["bash", "zsh", "fish"]))

  var shell: String

  init(arguments: ParsedArguments) throws(UsageError) {
    shell = arguments[Self.shell]!.lowercased()
  }

  func run(context: CommandContext) -> ExitCode {
    context.console.out(CadenceCLI.program.completionScript(for: shell))
    return .success
  }
}
