import CadenceText

/// Writes a command's (or a subcommand's) `--help`: abstract, usage, arguments, subcommands,
/// options and examples.
public enum HelpFormatter {
  /// The help `help COMMAND [SUBCOMMAND]` prints, from `commands`; a command or a subcommand
  /// that is not there is refused with `usage`, the help command's usage line.
  public static func help(
    for command: String, _ subcommand: String?, in commands: [CommandSpec], usage: String
  ) -> Result<String, UsageError> {
    guard let spec = commands.first(where: { $0.name == command }) else {
      return .failure(
        UsageError(
          "\(QuotedText.quote(command)) is not a cadence command; run cadence help for the list",
          usage: usage))
    }
    guard let subcommand else { return .success(help(for: spec)) }
    guard spec.subcommand(subcommand) != nil else {
      return .failure(
        spec.subcommands.isEmpty
          ? UsageError(
            "cadence \(spec.name) has no subcommands; run cadence help \(spec.name)", usage: usage)
          : UsageError(spec.unknownSubcommand(subcommand).message, usage: usage))
    }
    return .success(help(for: spec.qualified(subcommand)))
  }

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
