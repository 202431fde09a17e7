/// Writes a command's (or a subcommand's) `--help`: abstract, usage, arguments, subcommands,
/// options and examples.
public enum HelpFormatter {
  public static func help(for spec: CommandSpec) -> String {
    var lines = [spec.abstract, "", "Usage: \(spec.usage)"]
    if let discussion = spec.discussion { lines += ["", discussion] }
    if !spec.positionals.isEmpty {
      lines += ["", "Arguments:"]
      lines += spec.positionals.map { row($0.name, $0.help) }
    }
    if !spec.subcommands.isEmpty {
      lines += ["", "Subcommands:"]
      for subcommand in spec.subcommands {
        lines += [
          "  " + subcommand.usage(as: ["cadence", spec.name, subcommand.name]),
          "      \(subcommand.abstract)",
        ]
      }
    }
    lines += ["", "Options:"]
    for option in spec.options {
      var left = option.short.map { "-\($0), " } ?? ""
      left += "--\(option.name)"
      if let value = option.valueName { left += " \(value)" }
      lines.append(row(left, option.help))
    }
    lines.append(row("-h, --help", "Shows this help."))
    if !spec.subcommands.isEmpty {
      lines += ["", "Run cadence help \(spec.name) SUBCOMMAND for a subcommand's options."]
    }
    if !spec.examples.isEmpty {
      lines += ["", spec.examples.count == 1 ? "Example:" : "Examples:"]
      lines += spec.examples.map { "  \($0)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func row(_ left: String, _ right: String) -> String {
    let padded =
      left.count < 24 ? left + String(repeating: " ", count: 24 - left.count) : left + "  "
    return "  " + padded + right
  }
}
