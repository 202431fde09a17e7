import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// `cadence task`: tasks to focus on, each with a goal, an icon, tags, a default focus
/// length, a priority, a deadline and the days it can be worked on (seed 003).
enum TaskCommand {
  static let goal = Option<String>(
    "goal", value: "GOAL", help: "The goal it works towards (none for no goal).",
    kind: .listed("goals"))
  static let icon = Option<String>(
    "icon", value: "ICON", help: "An emoji, an icon's name, or pick to choose one.",
    kind: .listed("icons"))
  static let tags = Option<String>(
    "tags", value: "A,B", help: "Tags for its sessions, separated by commas.")
  static let length = Option<String>(
    "length", value: "LENGTH", help: "Its default focus length, such as 25m.")
  static let priority = Option.integer(
    "priority", in: 0...10, value: "0-10", help: "How much it matters, 0 to 10 (default 5).")
  static let deadline = Option<String>(
    "deadline", value: "DATE", help: "The last day for it, YYYY-MM-DD (or none).")
  static let days = Option<String>("days", value: "DAYS", help: "The days it can be worked on.")
  static let newName = Option<String>(
    "name", value: "NEW", help: "A new name for the task (edit).")
  static let all = Flag("all", help: "Lists done tasks too.")
  static let json = CommonOptions.json.described("Lists the tasks as JSON.")

  /// What `task add` sets and `task edit` changes.
  static let changing = [
    goal.spec, icon.spec, tags.spec, length.spec, priority.spec, deadline.spec, days.spec,
  ]

  static let options = changing + [newName.spec, all.spec, json.spec, .database]

  static let spec = CommandSpec(
    name: "task",
    abstract: "Adds, lists, changes, completes and removes tasks to focus on.",
    discussion:
      "Days: mon,wed,fri (any days, full names too), weekdays, weekends or \"every day\" (the default). --icon takes an emoji, a name (\(TaskIcons.choices.prefix(6).map(\.name).joined(separator: ", ")), ...) or pick, which lists them on a terminal. --goal none and --deadline none clear them.",
    examples: [
      "cadence task add Essay --goal Degree --icon note --priority 8 --deadline 2026-12-18 --days weekdays --length 50m",
      "cadence task edit Essay --priority 9", "cadence task done Essay", "cadence task list",
    ],
    options: options,
    subcommands: [
      CommandSpec(
        name: "add", abstract: "Adds a task.",
        examples: ["cadence task add Essay --goal Degree --priority 8 --days weekdays"],
        options: changing + [.database],
        positionals: [PositionalSpec("NAME", help: "The new task's name.")]),
      CommandSpec(
        name: "list", abstract: "Lists the tasks not done (all with --all).",
        examples: ["cadence task list --all"],
        options: [all.spec, json.spec, .database]),
      CommandSpec(
        name: "edit", abstract: "Changes a task.",
        examples: ["cadence task edit Essay --priority 9 --name Dissertation"],
        options: changing + [newName.spec, .database],
        positionals: [PositionalSpec("NAME", help: "The task.", kind: .listed("all tasks"))]),
      CommandSpec(
        name: "done", abstract: "Marks a task done.", examples: ["cadence task done Essay"],
        options: [.database],
        positionals: [PositionalSpec("NAME", help: "The task.", kind: .listed("tasks"))]),
      CommandSpec(
        name: "remove", abstract: "Removes a task.", examples: ["cadence task remove Essay"],
        options: [.database],
        positionals: [PositionalSpec("NAME", help: "The task.", kind: .listed("all tasks"))]),
    ],
    subcommandRequired: true
  )

  /// The option values given, read and checked before the database is opened.
  struct Changes {
    var goal: String??
    var icon: String?
    var tags: [String]?
    var length: Int64?
    var priority: Int?
    var deadline: String??
    var days: Weekdays?
    var name: String?

    var isEmpty: Bool {
      goal == nil && icon == nil && tags == nil && length == nil && priority == nil
        && deadline == nil && days == nil && name == nil
    }
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    // The parser has chosen the subcommand and checked its options and arguments.
    let action = arguments.subcommand ?? "list"
    let usage = spec.qualified(action).usage
    let given = arguments.positionals.first
    let changes: Changes
    do {
      changes = try read(arguments, console: context.console)
      if let given { _ = try PlanningInput.name(given, of: "task") }
    } catch {
      return error.report(to: context.console, usage: usage)
    }
    let console = context.console
    guard let given else {
      return StoreAccess.with(arguments, context, usage: usage) { store in
        let tasks = try store.planning.tasks().filter { arguments[Self.all] || !$0.done }
        let goals = Dictionary(try store.planning.goals().map { ($0.id!, $0) }) { $1 }
        console.out(TaskText.listing(tasks, goals: goals, json: arguments[Self.json]))
        return .success
      }
    }
    return StoreAccess.with(arguments, context, usage: usage) {
      store in
      switch action {
      case "add":
        let name = try PlanningInput.name(given, of: "task")
        if try store.planning.task(named: name) != nil {
          throw PlanningInput.Refusal(
            sentence:
              "there is already a task called \(QuotedText.quote(name)); choose another name or edit it",
            status: .dataError)
        }
        var task = TaskRecord(name: name, createdAt: context.now)
        try apply(changes, to: &task, store: store)
        try store.writable().planning.save(task)
        console.out("Added task \(try TaskText.line(task, store: store)).\n")
      case "edit":
        var task = try PlanningInput.task(given, in: store)
        guard !changes.isEmpty else {
          throw PlanningInput.Refusal(
            sentence: "task edit needs something to change, such as --priority 8 or --days mon,wed")
        }
        if let newName = changes.name, newName.lowercased() != task.name.lowercased(),
          try store.planning.task(named: newName) != nil
        {
          throw PlanningInput.Refusal(
            sentence: "there is already a task called \(QuotedText.quote(newName))",
            status: .dataError)
        }
        try apply(changes, to: &task, store: store)
        try store.planning.save(task)
        console.out("Changed task \(try TaskText.line(task, store: store)).\n")
      case "done":
        var task = try PlanningInput.task(given, in: store)
        task.done = true
        try store.planning.save(task)
        console.out("Done: \(TerminalText.line(task.name)).\n")
      default:
        let task = try PlanningInput.task(given, in: store)
        try store.planning.remove(task: task.id!)
        console.out("Removed task \(TerminalText.line(task.name)).\n")
      }
      return .success
    }
  }

  static func read(_ arguments: ParsedArguments, console: Console) throws(PlanningInput.Refusal)
    -> Changes
  {
    var changes = Changes()
    if let goal = arguments[Self.goal] {
      changes.goal =
        goal.lowercased() == "none" ? .some(nil) : try PlanningInput.name(goal, of: "goal")
    }
    if let icon = arguments[Self.icon] {
      do throws(RuleRefusal) {
        changes.icon = try TaskIcons.resolve(
          icon, interactive: TaskIconPicker.isInteractive(console),
          ask: { TaskIconPicker.ask(console) })
      } catch {
        throw PlanningInput.Refusal(sentence: error.sentence)
      }
    }
    if let tags = arguments[Self.tags] { changes.tags = try PlanningInput.tags(tags) }
    if let length = arguments[Self.length] { changes.length = try PlanningInput.length(length) }
    changes.priority = arguments[Self.priority]
    if let deadline = arguments[Self.deadline] {
      changes.deadline =
        deadline.lowercased() == "none" ? .some(nil) : try PlanningInput.deadline(deadline)
    }
    if let days = arguments[Self.days] { changes.days = try PlanningInput.weekdays(days) }
    if let name = arguments[Self.newName] {
      changes.name = try PlanningInput.name(name, of: "task")
    }
    return changes
  }

  static func apply(_ changes: Changes, to task: inout TaskRecord, store: Store) throws {
    if let goal = changes.goal {
      task.goalID = try goal.flatMap { name in try PlanningInput.goal(name, in: store).id }
    }
    if let icon = changes.icon { task.icon = icon }
    if let tags = changes.tags { task.tags = tags }
    if let length = changes.length { task.lengthMilliseconds = length }
    if let priority = changes.priority { task.priority = priority }
    if let deadline = changes.deadline { task.deadline = deadline }
    if let days = changes.days { task.weekdays = days.rawValue }
    if let name = changes.name { task.name = name }
  }
}
