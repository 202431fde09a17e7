import CadenceText

/// Parses command lines: `--name`, `--name value`, `--name=value`, `-x`, `--` to end options;
/// `-h` and `--help` ask for help. A dash followed by a digit (`-30s`) is a value, not an
/// option.
public enum ArgumentParser {
  public static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-")
        || argument.dropFirst().first?.isNumber == true
      {
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
      let (option, inlineValue) = try find(argument, in: spec)
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
      try checkValues(parsed, for: spec)
    }
    return parsed
  }

  private static func find(_ argument: String, in spec: CommandSpec) throws(UsageError)
    -> (OptionSpec, String?)
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
    let shown = TerminalText.line(String(argument.prefix(40)))
    var message = "unknown option \(shown) for cadence \(spec.name)"
    let names = spec.options.map(\.name)
    if let close = closest(name.trimmingDashes, among: names) {
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
      let missing = spec.positionals.first { $0.minimum > 0 }?.name ?? "an argument"
      throw UsageError("cadence \(spec.name) needs \(missing)", usage: spec.usage)
    }
    if let maximum, positionals.count > maximum {
      let extra = positionals[maximum]
      throw UsageError(
        "cadence \(spec.name) takes \(maximum == 0 ? "no arguments" : "at most \(maximum)"), but \(QuotedText.quote(extra)) is one more",
        usage: spec.usage)
    }
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
    var remaining = parsed.positionals[...]
    for positional in spec.positionals {
      let taken = remaining.prefix(positional.maximum ?? remaining.count)
      remaining = remaining.dropFirst(taken.count)
      for value in taken {
        if let problem = positional.kind.problem(with: value) {
          throw UsageError("\(positional.name) \(problem)", usage: spec.usage)
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

  private static func closest(_ word: String, among names: [String]) -> String? {
    names.first { $0.hasPrefix(word) && !word.isEmpty }
      ?? names.min { distance(word, $0) < distance(word, $1) }.flatMap {
        distance(word, $0) <= 2 ? $0 : nil
      }
  }

  private static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      row = next
    }
    return row[b.count]
  }
}

extension String {
  fileprivate var trimmingDashes: String { String(drop { $0 == "-" }) }
}
