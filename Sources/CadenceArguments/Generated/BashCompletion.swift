/// Writes a bash completion script: command names, each command's options, the values of
/// options and arguments by kind, and the names the program lists (routines, tasks, goals...).
///
/// Every candidate is offered as it is: none goes through `compgen -W` or any other expansion.
/// The program's candidates are read a line at a time, kept when they begin with the word typed
/// (compared as text, not as a pattern), and added to `COMPREPLY` quoted for the command line
/// (`printf %q`, so that `$(touch x)` is inserted as `\$\(touch\ x\)`); files come from a glob
/// of the typed word taken literally. Readline's own quoting (`complete -o filenames`) is not
/// used: it leaves `$` and backquotes as they are.
public enum BashCompletion {
  public static func script(for program: ProgramSpec) -> String {
    let function = "_\(program.name)_complete"
    let commandNames = program.commands.map(\.name) + ["--help", "--version"]
    var lines = helpers(for: program)
    lines += [
      "\(function)() {",
      "  local -a words=()",
      "  local cur prev REPLY _\(program.name)_quote i index=0 takes",
      "  # The words before the cursor, unquoted, with --name=VALUE joined again (bash splits",
      "  # them at the equals sign).",
      "  for ((i = 0; i < COMP_CWORD; i++)); do",
      "    _\(program.name)_dequote \"${COMP_WORDS[i]}\"",
      "    if ((i > 0)) && [[ ${words[-1]} == --*= || ($REPLY == = && ${words[-1]} == --*) ]]; then",
      "      words[-1]+=$REPLY",
      "    else",
      "      words+=(\"$REPLY\")",
      "    fi",
      "  done",
      "  _\(program.name)_dequote \"${COMP_WORDS[COMP_CWORD]-}\"",
      "  cur=$REPLY",
      "  if [[ $cur == = && ${words[-1]} == --* ]]; then",
      "    cur=",
      "  elif [[ ${words[-1]} == --*= ]]; then",
      "    words[-1]=${words[-1]%=}",
      "  fi",
      "  prev=${words[-1]}",
      "  COMPREPLY=()",
      "  if ((COMP_CWORD == 1)); then",
      "    _\(program.name)_words \(quoted(commandNames))",
      "    return",
      "  fi",
      "  case ${words[1]} in",
    ]
    for command in program.commands {
      lines += cases(for: command, program: program)
    }
    lines += [
      "  esac",
      "}",
      "complete -F \(function) \(program.name)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines of one command's case: with subcommands, the first argument is found (past
  /// options and their values) and the rest is completed as that subcommand's.
  private static func cases(for command: CommandSpec, program: ProgramSpec) -> [String] {
    var lines = ["    \(command.name))"]
    guard !command.subcommands.isEmpty else {
      return lines + body(command, program: program, first: 0) + ["      ;;"]
    }
    let valued = program.options(of: command).filter { !$0.isFlag }
    lines += [
      "      local sub=",
      "      takes=' \(valued.map { "--\($0.name)" }.joined(separator: " ")) '",
      "      for ((i = 2; i < ${#words[@]}; i++)); do",
      "        case ${words[i]} in",
      "          -*=* | --) ;;",
      "          -?*) [[ $takes == *\" ${words[i]} \"* ]] && ((i++)) ;;",
      "          *) sub=${words[i],,}; break ;;",
      "        esac",
      "      done",
      "      case $sub in",
    ]
    for subcommand in command.subcommands {
      lines.append("        \(ProgramSpec.singleQuoted(subcommand.name)))")
      lines += body(subcommand, program: program, first: 1).map { "    " + $0 }
      lines.append("          ;;")
    }
    var outer = command
    outer.positionals = [
      PositionalSpec(
        "SUBCOMMAND", help: "", minimum: 0, kind: .choice(command.subcommands.map(\.name)))
    ]
    lines.append("        '')")
    lines += body(outer, program: program, first: 0).map { "    " + $0 }
    lines += ["          ;;", "      esac", "      ;;"]
    return lines
  }

  /// What completes a word of `command` (or of a subcommand, whose own name is the `first`
  /// argument counted): an option's value, an option's name, or the next argument.
  private static func body(_ command: CommandSpec, program: ProgramSpec, first: Int) -> [String] {
    let options = program.options(of: command)
    let valued = options.filter { !$0.isFlag }
    var lines: [String] = []
    if !valued.isEmpty {
      lines.append("      case $prev in")
      for option in valued {
        lines.append(
          "        --\(option.name)) \(offer(option.kind, program: program)); return ;;")
      }
      lines.append("      esac")
    }
    let names = options.flatMap { option in
      ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
    }
    lines += [
      "      if [[ $cur == -* ]]; then",
      "        _\(program.name)_words \(quoted(names))",
      "        return",
      "      fi",
      "      takes=' \(valued.map { "--\($0.name)" }.joined(separator: " ")) '",
      "      for ((i = 2; i < ${#words[@]}; i++)); do",
      "        case ${words[i]} in",
      "          -*=* | --) ;;",
      "          - | -[0-9]*) ((index++)) ;;",
      "          -*) [[ $takes == *\" ${words[i]} \"* ]] && ((i++)) ;;",
      "          *) ((index++)) ;;",
      "        esac",
      "      done",
    ]
    var start = first
    for positional in command.positionals {
      let completion = offer(positional.kind, program: program)
      if let maximum = positional.maximum {
        lines.append("      if ((index < \(start + maximum))); then \(completion); return; fi")
        start += maximum
      } else {
        lines.append("      \(completion); return")
        break
      }
    }
    return lines
  }

  /// The command that adds the candidates for a value of `kind` to `COMPREPLY`.
  private static func offer(_ kind: ValueKind, program: ProgramSpec) -> String {
    let name = program.name
    switch kind {
    case .text, .integer, .assignment: return ":"
    case .file: return "_\(name)_files"
    case .choice(let words, _): return "_\(name)_words \(quoted(words))"
    case .command: return "_\(name)_words \(quoted(program.commands.map(\.name)))"
    case .routine: return "_\(name)_listed; _\(name)_files .lua"
    case .listed: return "_\(name)_listed"
    }
  }

  /// The functions the completion function calls: none of them expands a candidate.
  private static func helpers(for program: ProgramSpec) -> [String] {
    let name = program.name
    let text = #"""
      # bash completion for \#(name); written by `\#(name) completions bash`.
      # Candidates are offered literally: none is expanded, and each is quoted here for the
      # command line (printf %q, or in the way of a quote the word opens), not by readline,
      # whose quoting of file names leaves $ and ` as they are. A name with a control
      # character (a line break, a tab) is not offered.

      # Sets REPLY to $1 without its quoting ('...', "...", \x), and _\#(name)_quote to the
      # quote still open at its end, if any; expands nothing.
      _\#(name)_dequote() {
        local text=$1 c i
        REPLY= _\#(name)_quote=
        for ((i = 0; i < ${#text}; i++)); do
          c=${text:i:1}
          if [[ $_\#(name)_quote == "'" ]]; then
            if [[ $c == "'" ]]; then _\#(name)_quote=; else REPLY+=$c; fi
          elif [[ $c == '\' ]]; then
            ((i++))
            if [[ $_\#(name)_quote == '"' && ${text:i:1} != [\"\$\`\\] ]]; then REPLY+='\'; fi
            REPLY+=${text:i:1}
          elif [[ $_\#(name)_quote == '"' ]]; then
            if [[ $c == '"' ]]; then _\#(name)_quote=; else REPLY+=$c; fi
          elif [[ $c == "'" || $c == '"' ]]; then
            _\#(name)_quote=$c
          else
            REPLY+=$c
          fi
        done
      }

      # Adds $1 to COMPREPLY as the command line must hold it: after an opening quote, in that
      # quote's way (readline closes it); otherwise with printf %q.
      _\#(name)_add() {
        local word=$1 quoted= c i
        case $_\#(name)_quote in
          "'")
            for ((i = 0; i < ${#word}; i++)); do
              c=${word:i:1}
              if [[ $c == "'" ]]; then quoted+="'\''"; else quoted+=$c; fi
            done ;;
          '"')
            for ((i = 0; i < ${#word}; i++)); do
              c=${word:i:1}
              if [[ $c == [\"\$\`\\] ]]; then quoted+="\\$c"; else quoted+=$c; fi
            done ;;
          *) printf -v quoted %q "$word" ;;
        esac
        COMPREPLY+=("$quoted")
      }

      # Adds each argument that begins with $cur (as text, not a pattern).
      _\#(name)_words() {
        local word
        for word; do [[ $word == "$cur"* ]] && _\#(name)_add "$word"; done
        return 0
      }

      # Adds the candidates `\#(program.lister) --complete` prints for the next word, given the
      # words before it: read a line at a time, compared with $cur as text, never expanded.
      _\#(name)_listed() {
        local -a arguments=()
        local word line
        for word in "${words[@]:1}"; do arguments+=("--complete=$word"); done
        while IFS= read -r line; do
          [[ $line == "$cur"* ]] && _\#(name)_add "$line"
        done < <(command \#(program.lister) "${arguments[@]}" 2>/dev/null)
        return 0
      }

      # Adds the folders (with a slash) and files whose paths begin with $cur; with an
      # argument, only the files whose names end with it. The paths come from a glob of $cur
      # taken literally, in a subshell with the options it needs, read back separated by NULs
      # (a file's name may hold a line break).
      _\#(name)_files() {
        local start=$cur path
        [[ $start == "~/"* ]] && start=$HOME/${start:2}
        while IFS= read -r -d '' path; do
          if [[ -d $path ]]; then
            _\#(name)_add "$path/"
          elif [[ -z ${1-} || $path == *"${1-}" ]]; then
            _\#(name)_add "$path"
          fi
        done < <(
          set +f
          shopt -s nullglob
          shopt -u failglob dotglob nocaseglob
          for path in "$start"*; do printf '%s\0' "$path"; done
        )
        # A folder is completed without a space, so that its files can follow.
        if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == */ ]]; then
          compopt -o nospace 2>/dev/null
        fi
        return 0
      }

      """#
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Words as single-quoted shell words, separated by spaces.
  static func quoted(_ words: [String]) -> String {
    words.map(ProgramSpec.singleQuoted).joined(separator: " ")
  }
}
