import CadenceCore
import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Goals and tasks as the commands change them, over a real database: the refusals that name
/// what there is, and the changes refused before anything is written.
@Suite struct PlanningChangesTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("planning-changes").created() }

  let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// A goal's refusal lists the first dozen goals, as a task's lists the first dozen tasks: a
  /// long list would not be one readable line.
  @Test func aRefusalListsAtMostTwelveGoalsOrTasks() throws {
    let store = try Store(path: folder.path("cadence.db"))
    let names = (1...15).map { "Name \(String(format: "%02d", $0))" }
    for name in names {
      try store.planning.save(GoalRecord(name: name, colour: "blue", createdAt: start))
      try store.planning.save(TaskRecord(name: name, createdAt: start))
    }
    for what in ["goal", "task"] {
      let sentence =
        what == "goal"
        ? try store.planning.goal(called: "Nope").map(\.name).failure?.sentence
        : try store.planning.task(called: "Nope").map(\.name).failure?.sentence
      let listed = names.filter { sentence?.contains("\"\($0)\"") == true }
      #expect(listed == Array(names.prefix(12)), "\(what): \(sentence ?? "")")
      #expect(sentence?.hasPrefix("there is no \(what) called \"Nope\"; the \(what)s are ") == true)
    }
  }

  /// A goal's or task's name is refused when another has it in any case, and an edit with
  /// nothing to change is refused; nothing is written either way.
  @Test func aTakenNameOrNothingToChangeIsRefused() throws {
    let store = try Store(path: folder.path("cadence.db"))
    _ = try store.addGoal("Degree", colour: "blue", at: start)
    _ = try store.addTask("Essay", TaskChanges(), at: start)
    #expect(throws: CommandRefusal.self) { try store.addGoal("degree", colour: "red", at: start) }
    #expect(throws: CommandRefusal.self) { try store.addTask("ESSAY", TaskChanges(), at: start) }
    #expect(throws: CommandRefusal.self) { try store.editTask("Essay", TaskChanges()) }
    var changes = TaskChanges()
    changes.goal = .some("Nope")
    #expect(throws: CommandRefusal.self) { try store.editTask("Essay", changes) }
    changes.goal = .some("degree")
    #expect(try store.editTask("Essay", changes).goalID == store.planning.goals().first?.id)
    #expect(try store.planning.goals().map(\.colour) == ["blue"])
    #expect(try store.planning.tasks().map(\.name) == ["Essay"])
  }
}

extension PlanningChangesTests {
  /// A name is stored trimmed (`task add "  Essay "` adds "Essay"), so edit, done and remove,
  /// `focus` and `--task` find it given with the same spaces; a name stored with spaces (by an
  /// older Cadence, or by hand) is still found as given. Before, only `add` trimmed.
  @Test func aNameGivenWithSpacesAroundItFindsTheOneStoredTrimmed() throws {
    let store = try Store(path: folder.path("cadence.db"))
    _ = try store.addGoal(PlanningRules.name(" Degree\t", of: "goal"), colour: "blue", at: start)
    _ = try store.addTask(PlanningRules.name("  Essay ", of: "task"), TaskChanges(), at: start)
    #expect(try store.planning.tasks().map(\.name) == ["Essay"])
    var changes = TaskChanges()
    changes.goal = .some("  degree ")
    #expect(try store.editTask(" essay", changes).goalID == store.planning.goals().first?.id)
    #expect(try store.editGoal("Degree ", colour: "red", name: nil).colour == "red")
    #expect(try store.finishTask("Essay  ").name == "Essay")
    #expect(try store.removeTask("\tEssay").name == "Essay")
    #expect(try store.planning.tasks().isEmpty)
    try store.planning.save(TaskRecord(name: " Spaced ", createdAt: start))
    #expect(try store.planning.task(called: " Spaced ").map(\.name).failure == nil)
    #expect(try store.planning.task(called: "   ").map(\.name).failure != nil)
    #expect(try store.removeGoal(" DEGREE ").goal.name == "Degree")
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
