/// Writes a fish completion script: command names with their abstracts, each command's options
/// with their help, and values by kind, with routine names from the library.
public enum FishCompletion {
  public static func script(for program: ProgramSpec) -> String {
    let name = program.name
    var lines = [
      "# fish completion for \(name); written by `\(name) completions fish`.",
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
    case .choice(let words, _): return prefix + "-a '\(words.joined(separator: " "))'"
    case .command: return prefix + "-a '\(program.commands.map(\.name).joined(separator: " "))'"
    case .routine:
      // Guarded, so that completing where the program is not on PATH is quiet.
      let lister = "command -q \(program.name); and \(program.routineLister) 2>/dev/null"
      return (required ? "-r " : "") + "-F -a '(\(lister))'"
    }
  }
}
