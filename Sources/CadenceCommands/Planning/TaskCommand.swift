import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal

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
  static let newTask = Positional.name(of: "task", help: "The new task's name.")
  static let task = Positional.name(of: "task", help: "The task.", kind: .listed("all tasks"))
  static let openTask = Positional.name(of: "task", help: "The task.", kind: .listed("tasks"))

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
        positionals: [newTask.spec]),
      CommandSpec(
        name: "list", abstract: "Lists the tasks not done (all with --all).",
        examples: ["cadence task list --all"],
        options: [all.spec, json.spec, .database]),
      CommandSpec(
        name: "edit", abstract: "Changes a task.",
        examples: ["cadence task edit Essay --priority 9 --name Dissertation"],
        options: changing + [newName.spec, .database],
        positionals: [task.spec]),
      CommandSpec(
        name: "done", abstract: "Marks a task done.", examples: ["cadence task done Essay"],
        options: [.database],
        positionals: [openTask.spec]),
      CommandSpec(
        name: "remove", abstract: "Removes a task.", examples: ["cadence task remove Essay"],
        options: [.database],
        positionals: [task.spec]),
    ],
    subcommandRequired: true
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    // The parser has chosen the subcommand and checked its options and arguments.
    let action = arguments.subcommand ?? "list"
    let usage = spec.qualified(action).usage
    let given = arguments[Self.task]
    let console = context.console
    let changes: TaskChanges
    do throws(RuleRefusal) {
      changes = try TaskChanges(
        goal: arguments[goal], icon: arguments[icon], tags: arguments[tags],
        length: arguments[length], priority: arguments[priority], deadline: arguments[deadline],
        days: arguments[days], name: arguments[newName],
        interactive: TaskIconPicker.isInteractive(console), ask: { TaskIconPicker.ask(console) })
    } catch {
      return CommandRefusal(error).report(to: console, usage: usage)
    }
    return StoreAccess.with(arguments, context, usage: usage) { store in
      guard let given else {
        console.out(try TaskText.listing(in: store, all: arguments[all], json: arguments[json]))
        return .success
      }
      let task: TaskRecord
      switch action {
      case "add":
        task = try store.addTask(PlanningRules.name(given, of: "task"), changes, at: context.now)
      case "edit": task = try store.editTask(given, changes)
      case "done": task = try store.finishTask(given)
      default: task = try store.removeTask(given)
      }
      console.out(try TaskText.said(action, task, store: store))
      return .success
    }
  }
}
