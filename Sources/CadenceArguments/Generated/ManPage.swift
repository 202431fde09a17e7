/// Writes the manual page (roff, for `man -l`) from the same specifications as `--help`: the
/// overview, then each command's usage, discussion, arguments, options and examples.
public enum ManPage {
  public static func page(for program: ProgramSpec) -> String {
    let title = program.name.uppercased()
    var lines = [
      ".TH \(title) 1 \"\" \"\(program.name) \(program.version)\" \"User Commands\"",
      ".nh",
      ".SH NAME",
      "\(program.name) \\- \(text(program.summary))",
      ".SH SYNOPSIS",
      ".B \(program.name)",
      ".I COMMAND",
      "[\\fIOPTIONS\\fR]",
      ".br",
      ".B \(program.name)",
      ".I COMMAND",
      ".B \\-\\-help",
      ".SH DESCRIPTION",
    ]
    lines += paragraphs(program.description)
    lines.append(".SH COMMANDS")
    for command in program.commands {
      lines += section(command, program: program)
      for subcommand in command.subcommands {
        lines += section(command.qualified(subcommand.name), program: program)
      }
    }
    for section in program.sections {
      lines.append(".SH \(text(section.title.uppercased()))")
      lines += paragraphs(section.paragraphs)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A command's section (a subcommand's has its own, named by both words): its usage,
  /// discussion, arguments, subcommands, options and examples.
  static func section(_ command: CommandSpec, program: ProgramSpec) -> [String] {
    var lines = [".SS \"\(text(command.name))\"", text(command.abstract)]
    lines += [".PP", ".B Usage:", text(command.usage(as: [program.name] + [command.name]))]
    if let discussion = command.discussion { lines += paragraphs([discussion]) }
    if !command.positionals.isEmpty {
      lines += [".PP", "Arguments:"]
      for positional in command.positionals {
        lines += [".TP", ".I \(text(positional.name))", text(positional.help)]
      }
    }
    if !command.subcommands.isEmpty {
      lines += [".PP", "Subcommands:"]
      for subcommand in command.subcommands {
        let usage = subcommand.usage(as: [program.name, command.name, subcommand.name])
        lines += [".TP", ".B \(text(usage))", text(subcommand.abstract)]
      }
    }
    lines += [".PP", "Options:"]
    for option in program.options(of: command) {
      var left = option.short.map { "\\fB\\-\(text(String($0)))\\fR, " } ?? ""
      left += "\\fB\\-\\-\(text(option.name))\\fR"
      if let value = option.valueName { left += " \\fI\(text(value))\\fR" }
      lines += [".TP", left, text(option.help)]
    }
    if !command.examples.isEmpty {
      lines += [".PP", command.examples.count == 1 ? "Example:" : "Examples:", ".PP", ".RS", ".nf"]
      lines += command.examples.map(text)
      lines += [".fi", ".RE"]
    }
    return lines
  }

  /// Paragraphs whose lines are joined (a blank line starts a new one).
  static func paragraphs(_ texts: [String]) -> [String] {
    var lines: [String] = []
    for block in texts {
      var current: [String] = []
      for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.drop { $0 == " " }
        if trimmed.isEmpty {
          if !current.isEmpty { lines += [".PP", text(current.joined(separator: " "))] }
          current = []
        } else {
          current.append(String(trimmed))
        }
      }
      if !current.isEmpty { lines += [".PP", text(current.joined(separator: " "))] }
    }
    return lines
  }

  /// Text escaped for roff: backslashes, hyphens as minus signs (they are options and paths),
  /// a leading dot or quote made literal, and anything beyond ASCII as a Unicode escape.
  static func text(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "\n", "\t": result += " "
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          continue
        } else if scalar.isASCII {
          result.unicodeScalars.append(scalar)
        } else {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          result += "\\[u\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)]"
        }
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
