/// Writes a bash completion script: command names, each command's options, the values of
/// options and arguments by kind, and routine names from the library.
public enum BashCompletion {
  public static func script(for program: ProgramSpec) -> String {
    let function = "_\(program.name)_complete"
    let commandNames = program.commands.map(\.name) + ["--help", "--version"]
    var lines = [
      "# bash completion for \(program.name); written by `\(program.name) completions bash`.",
      "\(function)() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  COMPREPLY=()",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    COMPREPLY=($(compgen -W '\(commandNames.joined(separator: " "))' -- \"$cur\"))",
      "    return",
      "  fi",
      "  local takes=\"\" index=0 i",
      "  case \"${COMP_WORDS[1]}\" in",
    ]
    for command in program.commands {
      let options = program.options(of: command)
      let valued = options.filter { !$0.isFlag }
      lines.append("    \(command.name))")
      lines.append(
        "      takes=' \(valued.map { "--\($0.name)" }.joined(separator: " ")) '")
      if !valued.isEmpty {
        lines.append("      case \"$prev\" in")
        for option in valued {
          lines.append(
            "        --\(option.name)) \(words(for: option.kind, program: program)); return ;;")
        }
        lines.append("      esac")
      }
      let names = options.flatMap { option in
        ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
      }
      lines += [
        "      if [[ \"$cur\" == -* ]]; then",
        "        COMPREPLY=($(compgen -W '\(names.joined(separator: " "))' -- \"$cur\"))",
        "        return",
        "      fi",
        "      for ((i = 2; i < COMP_CWORD; i++)); do",
        "        case \"${COMP_WORDS[i]}\" in",
        "          -*=*) ;;",
        "          -*) [[ \"$takes\" == *\" ${COMP_WORDS[i]} \"* ]] && ((i++)) ;;",
        "          *) ((index++)) ;;",
        "        esac",
        "      done",
      ]
      var start = 0
      for positional in command.positionals {
        let completion = words(for: positional.kind, program: program)
        if let maximum = positional.maximum {
          lines.append("      if ((index < \(start + maximum))); then \(completion); return; fi")
          start += maximum
        } else {
          lines.append("      \(completion); return")
          break
        }
      }
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "}",
      "complete -o filenames -o bashdefault -F \(function) \(program.name)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func words(for kind: ValueKind, program: ProgramSpec) -> String {
    switch kind {
    case .text, .integer, .assignment: return ":"
    case .file: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
    case .choice(let words, _):
      return "COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))"
    case .command:
      return
        "COMPREPLY=($(compgen -W '\(program.commands.map(\.name).joined(separator: " "))' -- \"$cur\"))"
    case .routine:
      return "COMPREPLY=($(compgen -W \"$(\(program.routineLister) 2>/dev/null)\" -- \"$cur\")"
        + " $(compgen -f -X '!*.lua' -- \"$cur\") $(compgen -d -- \"$cur\"))"
    }
  }
}
