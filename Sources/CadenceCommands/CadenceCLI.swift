import CadenceArguments
import CadenceDesktop
import CadenceRuntime
import CadenceSystem
import CadenceText
import CadenceTime
import FoundationEssentials

/// The `cadence` command line: picks the command, parses its arguments, runs it.
public enum CadenceCLI {
  public static let version = "0.2.0"

  /// A command of the registry: its name, and its command line built only when asked for, so
  /// that a start-up builds the one command line it parses rather than all of them.
  struct Command: Sendable {
    var name: String
    var specification: @Sendable () -> CommandSpec
    var run: @Sendable (ParsedArguments, CommandContext) -> ExitCode

    init(
      _ name: String, spec: @escaping @Sendable @autoclosure () -> CommandSpec,
      run: @escaping @Sendable (ParsedArguments, CommandContext) -> ExitCode
    ) {
      self.name = name
      specification = spec
      self.run = run
    }

    var spec: CommandSpec { specification() }
  }

  static let commands: [Command] = [
    Command("check", spec: CheckCommand.spec, run: CheckCommand.run),
    Command("plan", spec: PlanCommand.spec, run: PlanCommand.run),
    Command("simulate", spec: SimulateCommand.spec, run: SimulateCommand.run),
    Command("run", spec: RunCommand.spec, run: RunCommand.run),
    Command("list", ListCommand.self),
    Command("show", ShowCommand.self),
    Command("add", AddCommand.self),
    Command("trust", TrustCommand.self),
    Command("help", HelpCommand.self),
    Command("completions", CompletionsCommand.self),
    Command("resume", spec: ResumeCommand.spec, run: ResumeCommand.run),
    Command("attach", spec: AttachCommand.spec, run: AttachCommand.run),
    Command("status", spec: StatusCommand.spec, run: StatusCommand.run),
    Command("pause", spec: ControlCommand.pause, run: ControlCommand.runPause),
    Command("skip", spec: ControlCommand.skip, run: ControlCommand.runSkip),
    Command("adjust", spec: ControlCommand.adjust, run: ControlCommand.runAdjust),
    Command("stop", spec: ControlCommand.stop, run: ControlCommand.runStop),
    Command("history", spec: HistoryCommand.spec, run: HistoryCommand.run),
    Command("note", NoteCommand.self),
    Command("stats", spec: StatsCommand.spec, run: StatsCommand.run),
    Command("config", ConfigCommand.self),
    Command("types", spec: TypesCommand.spec, run: TypesCommand.run),
    Command("goal", GoalCommand.self),
    Command("task", spec: TaskCommand.spec, run: TaskCommand.run),
    Command("today", spec: TodayCommand.spec, run: TodayCommand.run),
    Command("shop", ShopCommand.self),
    Command("focus", spec: FocusCommand.spec, run: FocusCommand.run),
    Command("timer", spec: TimerCommand.spec, run: TimerCommand.run),
  ]

  /// The command lines every command accepts.
  public static var specs: [CommandSpec] { commands.map(\.spec) }

  /// Runs a command line (without the program name) and returns the exit status, once every
  /// write it made is checked (``Console/finish(_:)``).
  public static func main(_ arguments: [String], context: CommandContext) -> ExitCode {
    let status = dispatch(arguments, context: context)
    // Sessions on their way to Timewarrior are waited for (within a limit), and what went
    // wrong with them is said once.
    for note in TimewarriorQueue.settle() { context.console.problem(note) }
    return context.console.finish(status)
  }

  /// Runs a command line and returns the status the command ended with.
  private static func dispatch(_ arguments: [String], context: CommandContext) -> ExitCode {
    var context = context
    context.arguments = arguments
    if arguments.first == BackgroundLauncher.command {
      return BackgroundCommand.run(Array(arguments.dropFirst()), context: context)
    }
    guard let name = arguments.first else {
      context.console.error(overview())
      return .usage
    }
    switch name {
    case "--help", "-h":
      context.console.out(overview())
      return .success
    case "--version":
      context.console.out("cadence \(version)\n")
      return .success
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      let names = commands.map(\.name)
      let close = names.first { $0.hasPrefix(name) || name.hasPrefix($0) }
      let hint =
        close.map { "did you mean \"cadence \($0)\"?" } ?? "run cadence --help for the list"
      return UsageError(
        "\(QuotedText.quote(name, limit: 40)) is not a cadence command; \(hint)",
        usage: "cadence COMMAND [OPTIONS]"
      ).report(to: context.console)
    }
    do {
      let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
      if parsed.helpRequested {
        context.console.out(HelpFormatter.help(for: command.spec.qualified(parsed.subcommand)))
        return .success
      }
      return command.run(parsed, context)
    } catch {
      return error.report(to: context.console)
    }
  }

  /// Runs the process's own command line and exits.
  public static func main() -> Never {
    // Threads that come and go (Dispatch's workers) would each get a malloc arena of their
    // own, and a long run's memory would creep up arena by arena; two are plenty here.
    Processes.limitMallocArenas(2)
    // Over a file-size limit a write should fail (and be reported) rather than kill the run.
    Signals.ignore(Signals.fileSizeLimit)
    // A reader that goes away should end a run as stopped and recorded, not kill it unseen.
    Signals.ignore(Signals.pipe)
    let environment = ProcessEnvironment.all()
    let context = CommandContext(
      console: .standard(environment: environment), now: WallClock.system.now(),
      timeZone: .local(environment: environment, files: .system),
      environment: environment)
    if let zone = Zone.unreadableFile(environment: environment, files: .system) {
      context.console.problem(
        "\(TerminalText.line(zone.path)): is \(zone.kind), not a zone file, so times are in UTC; set TZ to a zone such as Europe/London"
      )
    }
    let status = main(Array(CommandLine.arguments.dropFirst()), context: context)
    Processes.exit(status.rawValue)
  }

  static func overview() -> String {
    var lines = [
      "Cadence: a scriptable interval timer. Routines are small Lua files.", "",
      "Usage: cadence COMMAND [OPTIONS]", "", "Commands:",
    ]
    // About cadence itself, not routines: last.
    let last: Set<String> = ["help", "completions"]
    for command in commands.filter({ !last.contains($0.name) })
      + commands.filter({ last.contains($0.name) })
    {
      let padded = PlainText.padded(command.spec.name, to: 13)
      lines.append("  \(padded)\(command.spec.abstract)")
    }
    lines += [
      "", "Run cadence COMMAND --help for a command's options.", "", "Example:",
      "  cadence plan gym",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
