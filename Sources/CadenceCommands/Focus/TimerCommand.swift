import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceStore
import CadenceSystem
import CadenceText

/// `cadence timer [LENGTH]`: seed 001's study timer. One countdown, chosen from presets or
/// given; start, pause and stop, where stopping sets the display to 0:00 and records the
/// session as stopped.
enum TimerCommand {
  static let spec = CommandSpec(
    name: "timer",
    abstract: "Counts one length down: a preset, your own, or a task's default.",
    discussion: """
      Without a LENGTH, on a terminal, a chooser offers the presets (the presets setting:
      5m, 10m, 15m, 25m, 45m and 60m unless changed) and a length of your own. While it
      counts, space pauses and q stops (the display goes to 0:00 and the session is recorded
      as stopped); a switches between digital and analogue. The style, sound and volume come
      from the settings unless given.
      """,
    examples: [
      "cadence timer 25m", "cadence timer", "cadence timer --task Essay",
      "cadence timer 90s --plain",
    ],
    options: [
      task.spec, RunArguments.plain.spec, RunArguments.json.spec, RunArguments.style.spec,
      RunArguments.volume.spec, RunArguments.mute.spec, RunArguments.sound.spec,
      RunArguments.noNotify.spec, detach.spec, .database,
    ],
    positionals: [length.spec],
    exclusive: [["json", "plain"]]
  )

  static let task = Option<String>(
    "task", value: "NAME", help: "Records it against this task (and uses its length).",
    kind: .listed("tasks"))
  static let detach = CommonOptions.detach.described(
    "Counts in the background and returns; see cadence status.")
  static let length = Positional<Int64>(
    "LENGTH", help: "How long, such as 25m or 1h30m.", minimum: 0,
    refusal: {
      "\(QuotedText.quote($0)) is not a timer length; give one from 1s to 24h, such as 25m or 1h30m"
    },
    convert: { TimerPresets.ownLength($0) })

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    start(arguments, context: context, background: false)
  }

  /// Runs the timer here, or with `--detach` in a background process of its own; `background`
  /// is set in that process. `given` is the length `cadence run 25m` was given instead of a
  /// routine.
  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    given: String? = nil
  ) -> ExitCode {
    var options = RunOptions.load(arguments, context: context)
    if let refused = options.refuseMissingSound(
      given: arguments[RunArguments.sound] != nil, console: context.console)
    {
      return refused
    }
    // A shell's background job (`cadence timer 25m &`) prints lines and leaves the terminal be.
    options.place(background: background, detach: arguments[Self.detach])
    var length = arguments[Self.length]
    if let given {
      do {
        length = try Self.length.value(of: given, usage: spec.usage)
      } catch {
        return error.report(to: context.console)
      }
    }
    let database = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    return StoreAccess.with(arguments, context, usage: spec.usage) { store in
      let (task, goal) = try store.focusRecords(task: arguments[Self.task])
      var timer = try StudyTimer(
        task: task, goal: goal, options: options, context: context, databasePath: database,
        store: store, background: background)
      return try timer.start(length: length, detach: arguments[Self.detach])
    }
  }
}
