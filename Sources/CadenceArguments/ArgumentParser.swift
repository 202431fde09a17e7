import CadenceText

/// Parses command lines: `--name`, `--name value`, `--name=value`, `-x`, `--` to end options;
/// `-h` and `--help` ask for help. A dash followed by a digit (`-30s`) is a value, not an
/// option. A command with subcommands has its first argument name one (`task add`), and the
/// rest of the line, options before the subcommand too, is read as that subcommand's.
public enum ArgumentParser {
  public static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError)
    -> ParsedArguments
  {
    guard !spec.subcommands.isEmpty else { return try parse(arguments, against: spec) }
    guard let index = firstArgument(of: arguments, for: spec) else {
      let parsed = try parse(arguments, against: spec)
      if spec.subcommandRequired, !parsed.helpRequested {
        let names = ValueKind.list(spec.subcommands.map(\.name))
        throw UsageError("cadence \(spec.name) needs a subcommand: \(names)", usage: spec.usage)
      }
      return parsed
    }
    let word = arguments[index]
    guard let subcommand = spec.subcommand(word) else { throw spec.unknownSubcommand(word) }
    var rest = arguments
    rest.remove(at: index)
    var parsed = try parse(rest, against: spec.qualified(subcommand.name), within: spec)
    parsed.subcommand = subcommand.name
    return parsed
  }

  /// Where the first argument that is not an option or an option's value is, if any.
  private static func firstArgument(of arguments: [String], for spec: CommandSpec) -> Int? {
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      if isArgument(argument) { return index }
      if argument == "--" { return index + 1 < arguments.endIndex ? index + 1 : nil }
      let name = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : nil
      let letter = argument.count == 2 ? argument.last : nil
      let option = spec.options.first { $0.name == name || (letter != nil && $0.short == letter) }
      index += option.map { $0.isFlag ? 1 : 2 } ?? 1
    }
    return nil
  }

  /// Whether a word is an argument rather than an option: `-`, `-30s` and words without a dash.
  private static func isArgument(_ word: String) -> Bool {
    word == "-" || !word.hasPrefix("-") || word.dropFirst().first?.isNumber == true
  }

  /// Parses a command line against one command (or subcommand, within its command).
  private static func parse(
    _ arguments: [String], against spec: CommandSpec, within parent: CommandSpec? = nil
  ) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || isArgument(argument) {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        parsed.helpRequested = true
        continue
      }
      let (option, inlineValue) = try find(argument, in: spec, within: parent)
      if option.isFlag {
        if inlineValue != nil {
          throw UsageError(
            "--\(option.name) takes no value; write just --\(option.name)", usage: spec.usage)
        }
        parsed.flags.insert(option.name)
        continue
      }
      guard let value = inlineValue ?? remaining.popFirst() else {
        throw UsageError(
          "--\(option.name) needs a value, as in --\(option.name) \(option.valueName ?? "VALUE")",
          usage: spec.usage)
      }
      if !option.repeatable, parsed.values[option.name] != nil {
        throw UsageError("--\(option.name) is given twice; give it once", usage: spec.usage)
      }
      parsed.values[option.name, default: []].append(value)
    }
    if !parsed.helpRequested {
      try checkPositionals(parsed.positionals, for: spec)
      parsed.given = assign(parsed.positionals, to: spec.positionals)
      try checkValues(parsed, for: spec)
    }
    return parsed
  }

  private static func find(_ argument: String, in spec: CommandSpec, within parent: CommandSpec?)
    throws(UsageError) -> (OptionSpec, String?)
  {
    var name = argument
    var inlineValue: String?
    if argument.hasPrefix("--") {
      name = String(argument.dropFirst(2))
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if let option = spec.options.first(where: { $0.name == name }) {
        return (option, inlineValue)
      }
    } else if argument.count == 2, let letter = argument.last,
      let option = spec.options.first(where: { $0.short == letter })
    {
      return (option, nil)
    }
    if let parent, let refusal = misplaced(name.trimmingDashes, in: spec, within: parent) {
      throw refusal
    }
    let shown = TerminalText.line(String(argument.prefix(40)))
    var message = "unknown option \(shown) for cadence \(spec.name)"
    let names = spec.options.map(\.name)
    if let close = Nearest.closest(name.trimmingDashes, among: names) {
      message += "; did you mean --\(close)?"
    } else if names.isEmpty {
      message += "; it takes no options"
    } else {
      message += "; it takes " + names.map { "--\($0)" }.joined(separator: ", ")
    }
    throw UsageError(message, usage: spec.usage)
  }

  private static func checkPositionals(_ positionals: [String], for spec: CommandSpec)
    throws(UsageError)
  {
    let minimum = spec.positionals.reduce(0) { $0 + $1.minimum }
    let maximum = spec.positionals.reduce(0 as Int?) { total, positional in
      guard let total, let maximum = positional.maximum else { return nil }
      return total + maximum
    }
    if positionals.contains(where: \.isEmpty) {
      throw UsageError(
        "cadence \(spec.name) was given an empty argument; leave it out or fill it in",
        usage: spec.usage)
    }
    if positionals.count < minimum {
      var given = positionals.count
      var missing = "an argument"
      for positional in spec.positionals {
        if given < positional.minimum {
          missing = positional.name
          break
        }
        given -= min(given, positional.maximum ?? given)
      }
      throw UsageError("cadence \(spec.name) needs \(missing)", usage: spec.usage)
    }
    if let maximum, positionals.count > maximum {
      let extra = positionals[maximum]
      throw UsageError(
        "cadence \(spec.name) takes \(maximum == 0 ? "no arguments" : "at most \(maximum)"), but \(QuotedText.quote(extra)) is one more",
        usage: spec.usage)
    }
  }

  /// Hands the arguments to the positionals in order, by name: each takes as many as it may
  /// while leaving those after it their minimum, so an optional one before a required one
  /// (`[SESSION] TEXT`) takes a word only when there are enough.
  private static func assign(_ words: [String], to positionals: [PositionalSpec])
    -> [String: [String]]
  {
    var given: [String: [String]] = [:]
    var remaining = words[...]
    for (index, positional) in positionals.enumerated() {
      let owed = positionals.dropFirst(index + 1).reduce(0) { $0 + $1.minimum }
      let count = min(positional.maximum ?? remaining.count, max(0, remaining.count - owed))
      given[positional.name, default: []] += remaining.prefix(count)
      remaining = remaining.dropFirst(count)
    }
    return given
  }

  /// Every value against its kind, and the groups of options that exclude each other.
  private static func checkValues(_ parsed: ParsedArguments, for spec: CommandSpec)
    throws(UsageError)
  {
    for option in spec.options {
      for value in parsed.values[option.name] ?? [] {
        if let problem = option.kind.problem(with: value) {
          throw UsageError("--\(option.name) \(problem)", usage: spec.usage)
        }
      }
    }
    for positional in spec.positionals {
      for value in parsed.given[positional.name] ?? [] {
        if let problem = positional.problem(with: value) {
          throw UsageError(problem, usage: spec.usage)
        }
      }
    }
    for group in spec.exclusive {
      let given = group.filter { parsed.flags.contains($0) || parsed.values[$0] != nil }
      if given.count > 1 {
        let names = given.map { "--\($0)" }
        throw UsageError(
          "\(ValueKind.list(names, joinedBy: "and")) cannot be given together; choose one",
          usage: spec.usage)
      }
    }
  }

  /// The refusal of an option that another subcommand of `parent` takes (`--all` given to
  /// `task add`, which `task list` takes), naming the ones that take it; nil for an option no
  /// subcommand knows.
  private static func misplaced(_ name: String, in spec: CommandSpec, within parent: CommandSpec)
    -> UsageError?
  {
    guard parent.options.contains(where: { $0.name == name }) else { return nil }
    let owners = parent.subcommands.filter { $0.options.contains { $0.name == name } }
      .map { "\(parent.name) \($0.name)" }
    let owner = owners.isEmpty ? parent.name : ValueKind.list(owners, joinedBy: "and")
    return UsageError(
      "--\(name) is for cadence \(owner), not \(spec.name); leave it out", usage: spec.usage)
  }
}

extension String {
  fileprivate var trimmingDashes: String { String(drop { $0 == "-" }) }
}
