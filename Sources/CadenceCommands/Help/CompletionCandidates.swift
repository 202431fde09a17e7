import CadenceArguments
import CadenceCore
import CadenceDesktop
import CadenceRuntime
import CadenceStore
import CadenceText
import FoundationEssentials

/// What the completion scripts offer for the next word of a command line, from the words
/// before it (`cadence list --complete=WORD ...`, the command's name first): routine names,
/// tasks, goals, shop items, settings and their values, each a line as it is.
///
/// A candidate that a line cannot hold as it is, one with a control character (a line break,
/// a tab), a line or paragraph separator or a bidirectional mark, is left out: written out it
/// would be another candidate or a different name, so it is typed by hand instead.
enum CompletionCandidates {
  /// The candidates after `words`, in order, each at most once; none for a command line the
  /// program does not know.
  static func after(_ words: [String], context: CommandContext) -> [String] {
    guard let name = words.first,
      var command = CadenceCLI.program.commands.first(where: { $0.name == name })
    else { return [] }
    var rest = Array(words.dropFirst())
    var line = Line(rest[...], of: command)
    if !command.subcommands.isEmpty, !line.isOptionValue {
      // The first argument names the subcommand; the rest is read as that subcommand's.
      guard let index = line.firstPositional else { return command.subcommands.map(\.name) }
      guard let subcommand = command.subcommand(rest[index]) else { return [] }
      rest.remove(at: index)
      command = subcommand
      line = Line(rest[...], of: command)
    }
    let found: [String]
    switch line.kind {
    case .routine?: found = list("routines", after: [], line: line, context: context)
    case .listed(let list)?:
      found = self.list(list, after: line.positionals, line: line, context: context)
    case .choice(let words, _)?: found = words
    case .command?: found = CadenceCLI.program.commands.map(\.name)
    default: found = []
    }
    var seen = Set<String>()
    return found.filter { word in
      !word.isEmpty && !word.unicodeScalars.contains(where: TerminalText.isUnsafe)
        && seen.insert(word).inserted
    }
  }

  /// A command line read as the parser reads it, as far as the word being completed: the
  /// positional arguments before it, the database it names, and what the next word is.
  struct Line {
    var positionals: [String] = []
    /// Where the first positional argument is among the words.
    var firstPositional: Int?
    /// Whether the next word is an option's value.
    var isOptionValue = false
    var database: String?
    /// The kind of the next word: an option's value, or the next positional argument's.
    var kind: ValueKind?

    init(_ words: ArraySlice<String>, of command: CommandSpec) {
      var pending: OptionSpec?
      var optionsEnded = false
      for (index, word) in zip(words.indices, words) {
        if let option = pending {
          if option.name == CommonOptions.database.spec.name { database = word }
          pending = nil
        } else if optionsEnded || word == "-" || !word.hasPrefix("-")
          || word.dropFirst().first?.isNumber == true
        {
          if positionals.isEmpty { firstPositional = index - words.startIndex }
          positionals.append(word)
        } else if word == "--" {
          optionsEnded = true
        } else if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
          if word[..<equals] == "--" + CommonOptions.database.spec.name {
            database = String(word[word.index(after: equals)...])
          }
        } else {
          let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : nil
          let letter = word.count == 2 ? word.last : nil
          pending = command.options.first { option in
            !option.isFlag && (option.name == name || (letter != nil && option.short == letter))
          }
        }
      }
      if let option = pending {
        kind = option.kind
        isOptionValue = true
        positionals = []
        return
      }
      var index = positionals.count
      for positional in command.positionals {
        guard let maximum = positional.maximum, index >= maximum else {
          kind = positional.kind
          return
        }
        index -= maximum
      }
    }
  }

  /// The words of list `name` (a ``ValueKind/listed(_:)`` kind), for the argument after
  /// `before` (the earlier arguments, such as the key for `config set KEY VALUE`).
  static func list(_ name: String, after before: [String], line: Line, context: CommandContext)
    -> [String]
  {
    switch name {
    case "routines": return RoutineLibrary(environment: context.environment).entries().map(\.name)
    case "tasks": return tasks(line, context, includingDone: false)
    case "all tasks": return tasks(line, context, includingDone: true)
    case "goals": return goals(line, context) + ["none"]
    case "goal names": return goals(line, context)
    case "icons": return TaskIcons.choices.map(\.name) + ["pick"]
    case "shop items": return Shop.items.map(\.name)
    case "settings": return SettingKey.allCases.map(\.rawValue)
    case "subcommands":
      let command = CadenceCLI.program.commands.first { $0.name == before.first }
      return command?.subcommands.map(\.name) ?? []
    case "setting values":
      return before.first.flatMap { SettingKey(rawValue: $0.lowercased()) }.map(\.choices) ?? []
    default: return []
    }
  }

  static func tasks(_ line: Line, _ context: CommandContext, includingDone: Bool) -> [String] {
    guard let store = store(line, context), let tasks = try? store.planning.tasks() else {
      return []
    }
    return tasks.filter { includingDone || !$0.done }.map(\.name)
  }

  static func goals(_ line: Line, _ context: CommandContext) -> [String] {
    guard let store = store(line, context), let goals = try? store.planning.goals() else {
      return []
    }
    return goals.map(\.name)
  }

  /// The database the command line names (or the usual one), read only; nil when it is not
  /// there or cannot be read, so that completing creates and changes nothing.
  static func store(_ line: Line, _ context: CommandContext) -> Store? {
    let path = Store.defaultPath(flag: line.database, environment: context.environment)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try? Store(path: path, readOnly: true)
  }
}
