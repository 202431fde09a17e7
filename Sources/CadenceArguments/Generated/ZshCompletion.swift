/// Writes a zsh completion function (for `fpath`, as `_cadence`, or to source after
/// `compinit`): command names with their abstracts, each command's options with their help,
/// and values by kind, with the names the program lists (routines, tasks, goals...), which
/// `compadd` is given as they are, so that it quotes them for the command line.
public enum ZshCompletion {
  public static func script(for program: ProgramSpec) -> String {
    let function = "_\(program.name)"
    var lines = [
      "#compdef \(program.name)",
      "# zsh completion for \(program.name); written by `\(program.name) completions zsh`.",
      "# Candidates are offered literally: none is expanded, and compadd quotes each as it",
      "# inserts it. A name with a control character (a line break, a tab) is not offered.",
      "",
      "# Offers what `\(program.lister) --complete` prints for the next word, given the words",
      "# before it (unquoted): one candidate a line, never expanded.",
      "\(function)_listed() {",
      "  emulate -L zsh",
      "  local -a arguments names",
      "  local word",
      "  for word in \"${(@Q)_\(program.name)_before}\"; do arguments+=(\"--complete=$word\"); done",
      "  if [[ ${words[CURRENT]} == --*=* ]]; then",
      "    arguments+=(\"--complete=${${(Q)words[CURRENT]}%%=*}\")",
      "  fi",
      "  names=(\"${(@f)$(command \(program.lister) \"${arguments[@]}\" 2>/dev/null)}\")",
      "  names=(\"${(@)names:#}\")",
      "  compadd \"$@\" -- \"${names[@]}\"",
      "}",
      "",
      "\(function)_routines() {",
      "  _alternative 'routines:routine:\(function)_listed' 'files:routine file:_files -g \"*.lua\"'",
      "}",
      "",
      "\(function)() {",
      "  local -a commands",
      "  commands=(",
    ]
    for command in program.commands {
      lines.append("    '\(command.name):\(escape(command.abstract))'")
    }
    lines += [
      "  )",
      "  if ((CURRENT == 2)); then",
      "    _describe -t commands '\(program.name) command' commands",
      "    _arguments '--help[Shows the commands]' '--version[Shows the version]'",
      "    return",
      "  fi",
      "  local command=${words[2]} curcontext=$curcontext state line",
      "  # The words before the cursor, the command first, for the lister (_arguments narrows",
      "  # words to a subcommand's).",
      "  local -a _\(program.name)_before",
      "  _\(program.name)_before=(\"${(@)words[2,CURRENT-1]}\")",
      "  shift words",
      "  ((CURRENT--))",
      "  case $command in",
    ]
    for command in program.commands {
      lines.append("    \(command.name))")
      lines += arguments(command, program: program, subcommand: !command.subcommands.isEmpty)
      if command.subcommands.isEmpty {
        lines.append("      ;;")
        continue
      }
      lines += [
        "      case $state in",
        "        subcommand)",
        "          local -a subcommands",
        "          subcommands=(",
      ]
      for subcommand in command.subcommands {
        lines.append("            '\(escape(subcommand.name)):\(escape(subcommand.abstract))'")
      }
      lines += [
        "          )",
        "          _describe -t subcommands '\(command.name) subcommand' subcommands",
        "          ;;",
        "        argument)",
        "          case ${words[1]:l} in",
      ]
      for subcommand in command.subcommands {
        lines.append("            \(ProgramSpec.singleQuoted(subcommand.name)))")
        lines += arguments(subcommand, program: program, subcommand: false).map { "      " + $0 }
        lines.append("              ;;")
      }
      lines += ["          esac", "          ;;", "      esac", "      ;;"]
    }
    lines += [
      "  esac",
      "}",
      "",
      "if [ \"${funcstack[1]}\" = \"\(function)\" ]; then",
      "  \(function) \"$@\"",
      "else",
      "  compdef \(function) \(program.name)",
      "fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `_arguments` call for `command`'s options and arguments; with `subcommand`, its first
  /// argument sets the state `subcommand` and the rest the state `argument`.
  private static func arguments(_ command: CommandSpec, program: ProgramSpec, subcommand: Bool)
    -> [String]
  {
    var lines = ["      _arguments -s\(subcommand ? " -C" : "") \\"]
    for option in program.options(of: command) {
      lines.append("        \(optionSpec(option, program: program)) \\")
    }
    if subcommand {
      lines += ["        '1:subcommand:->subcommand' \\", "        '*::argument:->argument' \\"]
    } else {
      var index = 1
      for positional in command.positionals {
        let action = self.action(for: positional.kind, program: program)
        let label = escape(positional.name)
        if let maximum = positional.maximum {
          for _ in 0..<maximum {
            lines.append("        '\(index):\(label):\(action)' \\")
            index += 1
          }
        } else {
          lines.append("        '*:\(label):\(action)' \\")
          break
        }
      }
    }
    lines[lines.count - 1].removeLast(2)
    return lines
  }

  private static func optionSpec(_ option: OptionSpec, program: ProgramSpec) -> String {
    let help = "[\(escape(option.help))]"
    var names = ["--\(option.name)"]
    if let short = option.short { names.append("-\(short)") }
    let argument =
      option.isFlag
      ? ""
      : ":\(escape(option.valueName ?? "VALUE")):\(action(for: option.kind, program: program))"
    let repeat_ = option.repeatable ? "*" : ""
    if names.count == 1 {
      let equals = option.isFlag ? "" : "="
      return "'\(repeat_)\(names[0])\(equals)\(help)\(argument)'"
    }
    let group = "(\(names.joined(separator: " ")))"
    return "'\(group)'{\(names.joined(separator: ","))}'\(help)\(argument)'"
  }

  private static func action(for kind: ValueKind, program: ProgramSpec) -> String {
    switch kind {
    case .text, .integer, .assignment: return " "
    case .file: return "_files"
    case .choice(let words, _): return "(\(words.joined(separator: " ")))"
    case .command: return "(\(program.commands.map(\.name).joined(separator: " ")))"
    case .routine: return "_\(program.name)_routines"
    case .listed: return "_\(program.name)_listed"
    }
  }

  /// Text for a single-quoted word inside `_arguments` and `_describe`.
  private static func escape(_ text: String) -> String {
    var result = ""
    for character in ProgramSpec.shortHelp(text) {
      switch character {
      case ":": result += "\\:"
      case "[": result += "("
      case "]": result += ")"
      default: result.append(character)
      }
    }
    return result
  }
}
