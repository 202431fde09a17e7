/// Writes a fish completion script: command names with their abstracts, each command's options
/// with their help, and values by kind, with the names the program lists (routines, tasks,
/// goals...), printed a line each by a function so that fish takes them as they are.
public enum FishCompletion {
  public static func script(for program: ProgramSpec) -> String {
    let name = program.name
    var lines = [
      "# fish completion for \(name); written by `\(name) completions fish`.",
      "# Candidates are offered literally: fish takes each line as it is and escapes it as it",
      "# inserts it. A name with a control character (a line break, a tab) is not offered.",
      "",
      "# Prints what `\(program.lister) --complete` prints for the next word, given the words",
      "# before it (unquoted); quiet where the program is not on PATH.",
      "function __\(name)_listed",
      "    set -l words (commandline -opc)",
      "    set -e words[1]",
      "    set -l current (commandline -ct)",
      "    if string match -qr -- '^--[^=]+=' $current",
      "        set -a words (string replace -r -- '=.*' '' $current)",
      "    end",
      "    command -q \(name); or return",
      "    command \(program.lister) --complete=$words 2>/dev/null",
      "end",
      "",
      "# Whether the command (the first word after \(name)) is $argv[1].",
      "function __\(name)_at",
      "    set -l words (commandline -opc)",
      "    test (count $words) -ge 2; and test \"$words[2]\" = \"$argv[1]\"",
      "end",
      "",
      "# Whether the command's subcommand (its first word that is neither an option nor the value",
      "# of one of the options after $argv[1]) is $argv[1] in any case, or with \"\" not given yet.",
      "function __\(name)_subcommand",
      "    set -l want $argv[1]",
      "    set -e argv[1]",
      "    set -l words (commandline -opc)",
      "    set -e words[1..2]",
      "    set -l skip 0",
      "    for word in $words",
      "        if test $skip = 1",
      "            set skip 0",
      "        else if contains -- $word $argv",
      "            set skip 1",
      "        else if not string match -q -- '-?*' $word",
      "            set -l word (string lower -- $word)",
      "            test \"$word\" = \"$want\"",
      "            return",
      "        end",
      "    end",
      "    test -z \"$want\"",
      "end",
      "",
      "complete -c \(name) -f",
      "complete -c \(name) -n __fish_use_subcommand -l help -s h -d 'Shows the commands'",
      "complete -c \(name) -n __fish_use_subcommand -l version -d 'Shows the version'",
    ]
    for command in program.commands {
      lines.append(
        "complete -c \(name) -n __fish_use_subcommand -a \(command.name) -d '\(ProgramSpec.shortHelp(command.abstract))'"
      )
    }
    for command in program.commands {
      let seen = "__\(name)_at \(command.name)"
      guard !command.subcommands.isEmpty else {
        lines += completions(command, when: "'\(seen)'", program: program)
        continue
      }
      let valued = program.options(of: command).filter { !$0.isFlag }.map { "--\($0.name)" }
      let which = valued.joined(separator: " ")
      let before = "'\(seen); and __\(name)_subcommand \"\" \(which)'"
      lines += completions(command, when: before, program: program, arguments: false)
      for subcommand in command.subcommands {
        lines.append(
          "complete -c \(name) -n \(before) -a \(subcommand.name) -d '\(ProgramSpec.shortHelp(subcommand.abstract))'"
        )
      }
      for subcommand in command.subcommands {
        let after = "'\(seen); and __\(name)_subcommand \(subcommand.name) \(which)'"
        lines += completions(subcommand, when: after, program: program)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines completing `command`'s options (and, with `arguments`, its first argument's
  /// kind) when the condition `when` holds.
  private static func completions(
    _ command: CommandSpec, when condition: String, program: ProgramSpec, arguments: Bool = true
  ) -> [String] {
    var lines: [String] = []
    for option in program.options(of: command) {
      var line = "complete -c \(program.name) -n \(condition) -l \(option.name)"
      if let short = option.short { line += " -s \(short)" }
      if !option.isFlag { line += " " + argument(for: option.kind, program: program) }
      line += " -d '\(ProgramSpec.shortHelp(option.help))'"
      lines.append(line)
    }
    if arguments, let positional = command.positionals.first {
      // Arguments of several kinds (help's COMMAND then SUBCOMMAND) are told apart by the
      // lister, which reads the words before the one completed.
      let several =
        command.positionals.contains { $0.kind != positional.kind }
        && !command.positionals.contains { $0.kind == .file || $0.kind == .routine }
      let kind = several ? ValueKind.listed("arguments") : positional.kind
      let words = argument(for: kind, program: program, required: false)
      if !words.isEmpty { lines.append("complete -c \(program.name) -n \(condition) \(words)") }
    }
    return lines
  }

  private static func argument(for kind: ValueKind, program: ProgramSpec, required: Bool = true)
    -> String
  {
    let prefix = required ? "-x " : ""
    switch kind {
    case .text, .integer, .assignment: return required ? "-x" : ""
    case .file: return required ? "-r -F" : "-F"
    case .choice(let words, _):
      return prefix + "-a \(ProgramSpec.singleQuoted(words.joined(separator: " ")))"
    case .command:
      return prefix
        + "-a \(ProgramSpec.singleQuoted(program.commands.map(\.name).joined(separator: " ")))"
    case .routine: return (required ? "-r " : "") + "-F -a '(__\(program.name)_listed)'"
    case .listed: return prefix + "-a '(__\(program.name)_listed)'"
    }
  }
}
