import CadenceArguments
import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import FoundationEssentials

/// The words of Cadence's own lists for completion (``Completion``): routines, tasks, goals,
/// icons, shop items, settings and their values.
enum CompletionCandidates {
  /// The candidates after `words` (`cadence list --complete=WORD ...`, the command's name
  /// first).
  static func after(_ words: [String], context: CommandContext) -> [String] {
    Completion.candidates(
      after: words, in: CadenceCLI.program, databaseOption: CommonOptions.database.spec.name
    ) { name, before, database in
      list(name, after: before, database: database, context: context)
    }
  }

  /// The words of list `name`, for the argument after `before` (the earlier arguments, such
  /// as the key for `config set KEY VALUE`).
  static func list(
    _ name: String, after before: [String], database: String?, context: CommandContext
  ) -> [String] {
    switch name {
    case "routines": return RoutineLibrary(environment: context.environment).entries().map(\.name)
    case "tasks", "all tasks":
      let tasks = (try? store(database, context)?.planning.tasks()) ?? []
      return tasks.filter { name == "all tasks" || !$0.done }.map(\.name)
    case "goals", "goal names":
      let goals = (try? store(database, context)?.planning.goals()) ?? []
      return goals.map(\.name) + (name == "goals" ? ["none"] : [])
    case "icons": return TaskIcons.choices.map(\.name) + ["pick"]
    case "shop items": return Shop.items.map(\.name)
    case "settings": return SettingKey.allCases.map(\.rawValue)
    case "setting values":
      return before.first.flatMap { SettingKey(rawValue: $0.lowercased()) }?.choices ?? []
    default: return []
    }
  }

  /// The database the command line names (or the usual one), read only; nil when it is not
  /// there or cannot be read, so that completing creates and changes nothing.
  static func store(_ database: String?, _ context: CommandContext) -> Store? {
    let path = Store.defaultPath(flag: database, environment: context.environment)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try? Store(path: path, readOnly: true)
  }
}
