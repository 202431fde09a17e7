import CadenceText

/// What the completion scripts offer for the next word of a command line, from the words
/// before it (``ProgramSpec/lister`` with `--complete=WORD ...`, the command's name first):
/// subcommands, commands and choices from the program itself, routines and listed words from
/// the program's `list`, each a line as it is.
///
/// A candidate that a line cannot hold as it is, one with a control character (a line break,
/// a tab), a line or paragraph separator or a bidirectional mark, is left out: written out it
/// would be another candidate or a different name, so it is typed by hand instead.
public enum Completion {
  /// Where the program's own lists come from: the name of the list (`routines` for a
  /// ``ValueKind/routine`` word, else a ``ValueKind/listed(_:)`` name), the positional
  /// arguments before the word (the key for `config set KEY VALUE`), and the database the
  /// line names.
  public typealias Lists = (_ name: String, _ before: [String], _ database: String?) -> [String]

  /// The candidates after `words`, in order, each at most once; none for a command line the
  /// program does not know. `databaseOption` is the option that names the database a list is
  /// read from.
  public static func candidates(
    after words: [String], in program: ProgramSpec, databaseOption: String, lists: Lists
  ) -> [String] {
    guard let name = words.first,
      var command = program.commands.first(where: { $0.name == name })
    else { return [] }
    var rest = Array(words.dropFirst())
    var line = CompletionLine(rest[...], of: command, databaseOption: databaseOption)
    if !command.subcommands.isEmpty, !line.isOptionValue {
      // The first argument names the subcommand; the rest is read as that subcommand's.
      guard let index = line.firstPositional else { return command.subcommands.map(\.name) }
      guard let subcommand = command.subcommand(rest[index]) else { return [] }
      rest.remove(at: index)
      command = subcommand
      line = CompletionLine(rest[...], of: command, databaseOption: databaseOption)
    }
    let found: [String]
    switch line.kind {
    case .routine?: found = lists("routines", [], line.database)
    case .listed("subcommands")?:
      let named = program.commands.first { $0.name == line.positionals.first }
      found = named?.subcommands.map(\.name) ?? []
    case .listed(let list)?: found = lists(list, line.positionals, line.database)
    case .choice(let words, _)?: found = words
    case .command?: found = program.commands.map(\.name)
    default: found = []
    }
    var seen = Set<String>()
    return found.filter { word in
      !word.isEmpty && TerminalText.isInert(word)
        && seen.insert(word).inserted
    }
  }
}
