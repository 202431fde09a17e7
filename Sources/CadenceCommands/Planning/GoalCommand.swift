import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal

/// `cadence goal`: goals with a colour, which their tasks' rings are drawn in.
struct GoalCommand: CadenceCommand {
  static let spec = CommandSpec(
    name: "goal",
    abstract: "Adds, lists, changes and removes goals: a name and a colour for its tasks.",
    discussion:
      "Colours are the terminal's names (black, red, green, yellow, blue, magenta, cyan, white, bright-NAME, grey) or #rrggbb. Removing a goal keeps its tasks, without a goal.",
    examples: [
      "cadence goal add Degree --colour blue", "cadence goal edit Degree --colour '#3366ff'",
      "cadence goal list",
    ],
    options: options,
    subcommands: [
      CommandSpec(
        name: "add", abstract: "Adds a goal.", examples: ["cadence goal add Degree --colour blue"],
        options: [colour.spec, .database],
        positionals: [newGoal.spec]),
      CommandSpec(
        name: "list", abstract: "Lists the goals.", examples: ["cadence goal list --json"],
        options: [json.spec, .database]),
      CommandSpec(
        name: "edit", abstract: "Changes a goal.",
        examples: ["cadence goal edit Degree --colour '#3366ff' --name Masters"],
        options: [colour.spec, newName.spec, .database],
        positionals: [goal.spec]),
      CommandSpec(
        name: "remove", abstract: "Removes a goal; its tasks are kept, without a goal.",
        examples: ["cadence goal remove Degree"], options: [.database],
        positionals: [goal.spec]),
    ],
    subcommandRequired: true
  )

  static let colour = Option<String>(
    "colour", value: "COLOUR", help: "The goal's colour (add, edit).")
  static let newName = Option<String>(
    "name", value: "NEW", help: "A new name for the goal (edit).")
  static let json = CommonOptions.json.described("Lists the goals as JSON.")
  static let newGoal = Positional.name(of: "goal", help: "The new goal's name.")
  static let goal = Positional.name(of: "goal", help: "The goal.", kind: .listed("goal names"))

  static let options = [colour.spec, newName.spec, json.spec, .database]

  /// The subcommand, with the goal it names (as given).
  enum Action {
    case add(String)
    case list
    case edit(String)
    case remove(String)
  }

  var action: Action
  var colour: TerminalColour?
  var newName: String?
  /// `--json`, `--db` and the usage line.
  var line: StoreSubcommand

  /// The parser has chosen the subcommand and checked its options and arguments; the colour
  /// and the names are read here.
  init(arguments: ParsedArguments) throws(UsageError) {
    line = StoreSubcommand(arguments, of: Self.spec, json: Self.json)
    let given = arguments[Self.goal] ?? ""
    do throws(RuleRefusal) {
      colour = try arguments[Self.colour].map(TerminalColour.named)
      newName = try arguments[Self.newName].map { raw throws(RuleRefusal) in
        try PlanningRules.name(raw, of: "goal")
      }
      switch arguments.subcommand {
      case "add": action = .add(try PlanningRules.name(given, of: "goal"))
      case "edit": action = .edit(try PlanningRules.name(given, of: "goal"))
      case "remove": action = .remove(try PlanningRules.name(given, of: "goal"))
      default: action = .list
      }
    } catch {
      throw UsageError(error.sentence, usage: line.usage)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    let console = context.console
    return line.withStore(context) { store in
      switch action {
      case .add(let name):
        let colour = (colour ?? TerminalColour("blue")!).text
        console.out(GoalText.added(try store.addGoal(name, colour: colour, at: context.now)))
      case .list:
        let goals = try store.planning.goals()
        console.out(
          GoalText.listing(goals, tasks: try store.planning.tasks(), json: line.json) { goal in
            (console.colour ? TerminalColour(goal.colour) : nil)?.paint("■") ?? "■"
          })
      case .edit(let given):
        console.out(
          GoalText.changed(try store.editGoal(given, colour: colour?.text, name: newName)))
      case .remove(let given):
        let removed = try store.removeGoal(given)
        console.out(GoalText.removed(removed.goal, tasks: removed.tasks))
      }
      return .success
    }
  }
}
