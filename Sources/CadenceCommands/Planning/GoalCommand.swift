import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

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
        positionals: [PositionalSpec("NAME", help: "The new goal's name.")]),
      CommandSpec(
        name: "list", abstract: "Lists the goals.", examples: ["cadence goal list --json"],
        options: [json.spec, .database]),
      CommandSpec(
        name: "edit", abstract: "Changes a goal.",
        examples: ["cadence goal edit Degree --colour '#3366ff' --name Masters"],
        options: [colour.spec, newName.spec, .database],
        positionals: [PositionalSpec("NAME", help: "The goal.", kind: .listed("goal names"))]),
      CommandSpec(
        name: "remove", abstract: "Removes a goal; its tasks are kept, without a goal.",
        examples: ["cadence goal remove Degree"], options: [.database],
        positionals: [PositionalSpec("NAME", help: "The goal.", kind: .listed("goal names"))]),
    ],
    subcommandRequired: true
  )

  static let colour = Option<String>(
    "colour", value: "COLOUR", help: "The goal's colour (add, edit).")
  static let newName = Option<String>(
    "name", value: "NEW", help: "A new name for the goal (edit).")
  static let json = CommonOptions.json.described("Lists the goals as JSON.")

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
    let given = arguments.positionals.first ?? ""
    do throws(PlanningInput.Refusal) {
      colour = try arguments[Self.colour].map { raw throws(PlanningInput.Refusal) in
        try PlanningInput.colour(raw)
      }
      newName = try arguments[Self.newName].map { raw throws(PlanningInput.Refusal) in
        try PlanningInput.name(raw, of: "goal")
      }
      switch arguments.subcommand {
      case "add": action = .add(try PlanningInput.name(given, of: "goal"))
      case "edit": action = .edit(try PlanningInput.name(given, of: "goal"))
      case "remove": action = .remove(try PlanningInput.name(given, of: "goal"))
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
        if try store.planning.goal(named: name) != nil {
          throw PlanningInput.Refusal(
            sentence:
              "there is already a goal called \(QuotedText.quote(name)); choose another name or edit it",
            status: .dataError)
        }
        let chosen = colour ?? TerminalColour("blue")!
        try store.writable().planning.save(
          GoalRecord(name: name, colour: chosen.text, createdAt: context.now))
        console.out("Added goal \(TerminalText.line(name)) (\(chosen.text)).\n")
      case .list:
        let goals = try store.planning.goals()
        let tasks = try store.planning.tasks()
        if line.json {
          console.out(GoalText.json(goals, tasks: tasks))
        } else if goals.isEmpty {
          console.out("No goals yet; add one with cadence goal add NAME --colour green.\n")
        } else {
          for goal in goals {
            var swatch = "■"
            if console.colour, let colour = TerminalColour(goal.colour) {
              swatch = colour.paint(swatch)
            }
            console.out(GoalText.line(goal, tasks: tasks, swatch: swatch))
          }
        }
      case .edit(let given):
        var goal = try PlanningInput.goal(given, in: store)
        guard colour != nil || newName != nil else {
          throw PlanningInput.Refusal(sentence: "goal edit needs --colour or --name to change")
        }
        if let newName, newName.lowercased() != goal.name.lowercased(),
          try store.planning.goal(named: newName) != nil
        {
          throw PlanningInput.Refusal(
            sentence: "there is already a goal called \(QuotedText.quote(newName))",
            status: .dataError)
        }
        if let colour { goal.colour = colour.text }
        if let newName { goal.name = newName }
        try store.planning.save(goal)
        console.out("Goal \(TerminalText.line(goal.name)) is \(goal.colour).\n")
      case .remove(let given):
        let goal = try PlanningInput.goal(given, in: store)
        let affected = try store.planning.remove(goal: goal.id!)
        console.out(
          "Removed goal \(TerminalText.line(goal.name))"
            + (affected > 0
              ? "; \(affected) task\(affected == 1 ? "" : "s") now without a goal" : "")
            + ".\n")
      }
      return .success
    }
  }
}
