import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem

/// `cadence focus [TASK]`: the focus and break cycle of seed 002, with coins, an island and a
/// pet; on a task, seed 003's mandatory break, finish and note.
enum FocusCommand: BackgroundStarting {
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
    positionals: [task.spec],
    exclusive: [["json", "plain"]]
  )

  static let task = Positional<String>(
    "TASK", help: "The task to focus on.", minimum: 0, kind: .listed("tasks"))
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

  /// Runs the session here, or with `--detach` in a background process of its own (one focus
  /// or break; on a task, its mandatory break and `--note` too); `background` is set there.
  /// A focus is never handed a routine.
  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    handed: HandedRoutine?
  ) -> ExitCode {
    var options = RunOptions.load(arguments, context: context)
    let length: Int64?
    do throws(PlanningInput.Refusal) {
      length = try arguments[Self.length].map { raw throws(PlanningInput.Refusal) in
        try PlanningInput.length(raw)
      }
    } catch {
      return error.report(to: context.console, usage: spec.usage)
    }
    if !arguments[Self.next],
      let refused = options.refuseMissingSound(
        given: arguments[RunArguments.sound] != nil, console: context.console)
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
    // A shell's background job (`cadence focus &`) prints lines and leaves the terminal be.
    options.place(background: background, detach: arguments[Self.detach])
    let database = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    return StoreAccess.with(arguments, context, usage: spec.usage) { store in
      let (task, goal) = try store.focusRecords(task: arguments[Self.task])
      var session = try FocusSession(
        store: store, task: task, goal: goal, options: options, context: context,
        databasePath: database, background: background)
      return try session.start(
        FocusSession.Request(
          next: arguments[Self.next], takeBreak: arguments[Self.takeBreak],
          detach: arguments[Self.detach], length: length, note: arguments[Self.note]))
    }
  }
}
