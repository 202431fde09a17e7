import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// `cadence focus [TASK]`: the focus and break cycle of seed 002, with coins, an island and a
/// pet; on a task, seed 003's mandatory break, finish and note.
enum FocusCommand {
  static let spec = CommandSpec(
    name: "focus",
    abstract: "Focuses for a while, then takes a break; earns a coin a minute of completed focus.",
    discussion: """
      On a terminal: set the length with the arrow keys or + and - (a minute a press; hold to
      repeat), Enter starts, s skips a break on offer, q quits; while counting, space pauses and
      q stops. Cadence remembers the last focus and break lengths: a stopped focus offers focus
      again at the last focus length, a completed one offers a break at the last break length,
      and after a break focus is offered again. On a TASK, a completed focus is followed by a
      mandatory break (task-break, 5m by default) and then a note. --plain and --json run one
      session without a terminal. With cadence config set idle 5m, a focus pauses itself when
      you are idle that long, backdated to when you left; back, k keeps the time away as focus
      and d discards it, in its view or in cadence attach (with no view, the idle.return
      setting decides).
      """,
    examples: [
      "cadence focus", "cadence focus Essay", "cadence focus --length 50m --plain",
      "cadence focus --break --plain", "cadence focus --next",
    ],
    options: [
      length.spec, takeBreak.spec, next.spec, note.spec, RunArguments.plain.spec, json.spec,
      RunArguments.style.spec, RunArguments.volume.spec, RunArguments.mute.spec,
      RunArguments.sound.spec,
      RunArguments.noNotify.spec, detach.spec, .database,
    ],
    positionals: [
      PositionalSpec(
        "TASK", help: "The task to focus on.", minimum: 0, maximum: 1, kind: .listed("tasks"))
    ],
    exclusive: [["json", "plain"]]
  )

  static let length = Option<String>(
    "length", value: "LENGTH", help: "Sets this session's length (and remembers it).")
  static let takeBreak = Flag("break", help: "Starts the break on offer instead of a focus.")
  static let next = Flag("next", help: "Prints what is on offer and its length, and runs nothing.")
  static let note = Option<String>(
    "note", value: "TEXT", help: "The note saved with a task's session.")
  static let json = CommonOptions.json.described(
    "Prints one JSON object per event and a summary object.")
  static let detach = CommonOptions.detach.described(
    "Runs the session in the background and returns.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    start(arguments, context: context, background: false)
  }

  /// Runs the session here, or with `--detach` in a background process of its own (one focus
  /// or break; on a task, its mandatory break and `--note` too); `background` is set there.
  static func start(_ arguments: ParsedArguments, context: CommandContext, background: Bool)
    -> ExitCode
  {
    var options: RunOptions
    var length: Int64?
    do {
      options = try RunOptions.load(arguments, context: context)
      length = try arguments[Self.length].map { raw throws(PlanningInput.Refusal) in
        try PlanningInput.length(raw)
      }
    } catch let error as UsageError {
      return UsageError(error.message, usage: spec.usage).report(to: context.console)
    } catch let refusal as PlanningInput.Refusal {
      return refusal.report(to: context.console, usage: spec.usage)
    } catch {
      return .software
    }
    if !arguments[Self.next],
      let refused = options.refuseMissingSound(arguments, console: context.console)
    {
      return refused
    }
    if arguments[Self.next], arguments[Self.takeBreak] || length != nil {
      return PlanningInput.Refusal(
        sentence: "--next only prints what is on offer; leave out --break and --length"
      ).report(to: context.console, usage: spec.usage)
    }
    if let note = arguments[Self.note],
      let refusal = SessionNote.refusal(of: note, as: "--note")
    {
      return PlanningInput.Refusal(sentence: refusal.sentence)
        .report(to: context.console, usage: spec.usage)
    }
    if background {
      options.output = .plain
    } else if !arguments[Self.detach] {
      // A shell's background job (`cadence focus &`) prints lines and leaves the terminal be.
      _ = Detached.leaveTerminalAlone(&options)
    }
    let database = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    return StoreAccess.with(arguments, context, usage: spec.usage) { store in
      var task: TaskRecord?
      var goal: GoalRecord?
      if let name = arguments.positionals.first {
        task = try PlanningInput.task(name, in: store)
        goal = try task?.goalID.flatMap { try store.planning.goal(id: $0) }
      }
      var session = try FocusSession(
        store: store, task: task, goal: goal, options: options, context: context,
        databasePath: database)
      session.background = background
      if arguments[Self.next] {
        // A focus or break waiting to be resumed comes before anything on offer.
        let waiting = try RunRecovery.interrupted(in: store).map(WaitingRun.init)
        session.printOffer(waiting: waiting.last(where: \.isFocusSession))
        return .success
      }
      // An interrupted mandatory break is owed before any new focus or break (status 69).
      if !background, let refusal = try OwedBreak.refusal(in: store) {
        context.console.problem(refusal)
        return .unavailable
      }
      // One focus session at a time: a focus or break counting elsewhere refuses another (69).
      if !background,
        let refusal = try RunningFocus.refusal(in: store, environment: context.environment)
          ?? (RunningFocus.isClaimed(environment: context.environment)
            ? RunningFocus.starting : nil)
      {
        context.console.problem(refusal)
        return .unavailable
      }
      if arguments[Self.takeBreak], let refusal = session.cycle.breakRefusal {
        // Not a bad command line but nothing to act on, as a pause of a paused run is.
        throw PlanningInput.Refusal(sentence: refusal.sentence, status: .unavailable)
      }
      // A note a task's session still owes is asked first, once, when someone is at the
      // terminal to answer (seed 003).
      if !background, options.output != .json {
        NotePrompt.offer(store: session.store, context: context)
      }
      // Refusals above are made here, on the terminal; the background process does the rest.
      if arguments[Self.detach], !background {
        return FocusBackground.launch(
          what: arguments[Self.takeBreak] ? "break" : "focus", json: options.output == .json,
          context: context)
      }
      // Nothing was refused: the session writes, so a database not there yet is made now.
      session.store = try session.store.writable()
      // Starting a focus when a break is on offer skips the break (seed 002).
      session.cycle.prepare(
        takeBreak: arguments[Self.takeBreak], choosing: options.output == .view && task == nil,
        length: length, taskLength: task?.lengthMilliseconds)
      if options.output == .view {
        session.note = arguments[Self.note]
        return try session.runOnTerminal()
      }
      return try session.runOnce(note: arguments[Self.note])
    }
  }
}
