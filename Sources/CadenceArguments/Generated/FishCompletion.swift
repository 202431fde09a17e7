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
      let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
      for option in program.options(of: command) {
        var line = "complete -c \(name) \(condition) -l \(option.name)"
        if let short = option.short { line += " -s \(short)" }
        if !option.isFlag { line += " " + argument(for: option.kind, program: program) }
        line += " -d '\(ProgramSpec.shortHelp(option.help))'"
        lines.append(line)
      }
      if let positional = command.positionals.first {
        let words = argument(for: positional.kind, program: program, required: false)
        if !words.isEmpty { lines.append("complete -c \(name) \(condition) \(words)") }
      }
    }
    return lines.joined(separator: "\n") + "\n"
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
