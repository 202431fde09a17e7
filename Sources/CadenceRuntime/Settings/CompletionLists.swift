import CadenceCore
import CadenceStore
import FoundationEssentials

/// The words of Cadence's own lists for completion: routines, tasks, goals, icons, shop items,
/// settings and their values, read without creating or changing anything.
public enum CompletionLists {
  /// The words of list `name`, for the argument after `before` (the earlier arguments, such
  /// as the key for `config set KEY VALUE`); `database` is the `--db` the command line gives.
  public static func words(
    _ name: String, after before: [String], database: String?, environment: [String: String]
  ) -> [String] {
    func store() -> Store? {
      // The usual database, read only; none when it is not there, so that nothing is created.
      let path = Store.defaultPath(flag: database, environment: environment)
      guard FileManager.default.fileExists(atPath: path) else { return nil }
      return try? Store(path: path, readOnly: true)
    }
    switch name {
    case "routines": return RoutineLibrary(environment: environment).entries().map(\.name)
    case "tasks", "all tasks":
      let tasks = (try? store()?.planning.tasks()) ?? []
      return tasks.filter { name == "all tasks" || !$0.done }.map(\.name)
    case "goals", "goal names":
      let goals = (try? store()?.planning.goals()) ?? []
      return goals.map(\.name) + (name == "goals" ? ["none"] : [])
    case "icons": return TaskIcons.choices.map(\.name) + ["pick"]
    case "shop items": return Shop.items.map(\.name)
    case "settings": return SettingKey.allCases.map(\.rawValue)
    case "setting values":
      return before.first.flatMap { SettingKey(rawValue: $0.lowercased()) }?.choices ?? []
    default: return []
    }
  }
}
