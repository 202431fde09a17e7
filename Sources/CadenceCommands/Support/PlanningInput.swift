import CadenceCore
import CadenceStore

/// What `focus` and `timer` still read through here: a focus length and a task by name, each
/// refused with a ``CommandRefusal`` (the store's, which CadenceRunning can throw too).
enum PlanningInput {
  typealias Refusal = CommandRefusal

  /// A focus length: 1 minute to 12 hours.
  static func length(_ raw: String) throws(Refusal) -> Int64 {
    do throws(RuleRefusal) {
      return try PlanningRules.length(raw)
    } catch {
      throw Refusal(error)
    }
  }

  /// The task called `name`, or a refusal that lists the tasks there are (exit 65).
  static func task(_ name: String, in store: Store) throws -> TaskRecord {
    try store.task(called: name)
  }
}
