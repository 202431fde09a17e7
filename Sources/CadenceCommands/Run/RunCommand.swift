import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import FoundationEssentials

/// `cadence run FILE|NAME`: runs a routine in real time, with its hooks, a sound and desktop
/// notifications.
enum RunCommand: BackgroundStarting {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Runs a routine in real time, full screen on a terminal, or as event lines.",
    discussion: """
      Keys on the full-screen view: space pauses and resumes, n skips the rest of a step,
      + and - add or take a minute (hold to repeat), Enter completes a manual step, a switches
      between the digital and analogue clock, q quits. Piped or with --plain, each event is a
      line, and lines typed on standard input act as keys (an empty line is Enter).
      NAME is looked for as NAME.lua in $CADENCE_ROUTINES, ~/.config/cadence/routines and the
      presets built into cadence (cadence list shows them all).
      """,
    examples: [
      "cadence run gym --set rounds=5",
      "cadence run pomodoro --style analogue",
      "cadence run tabata --json > tabata.jsonl",
    ],
    options: [
      .setParameter,
      RunArguments.plain.spec, RunArguments.json.spec, RunArguments.style.spec,
      RunArguments.volume.spec,
      RunArguments.mute.spec, RunArguments.sound.spec, RunArguments.noNotify.spec,
      RunArguments.task.spec,
      .database,
      CommonOptions.detach.described(
        "Runs in the background and returns; cadence attach shows it again."
      ).spec,
    ],
    positionals: [CommonOptions.routine.spec],
    exclusive: [["json", "plain"]]
  )

  /// Runs the routine: in this process (event lines, or a job in a shell's background), or in
  /// a background process of its own that the full-screen view attaches to (a closed terminal
  /// then leaves it going), or, with `--detach`, in the background alone. `background` is set
  /// in that background process itself, with the routine as the process that started it
  /// compiled it (`handed`), which is not compiled again.
  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    handed: HandedRoutine? = nil
  ) -> ExitCode {
    let options = RunOptions.load(arguments, context: context)
    if let refused = options.refuseMissingSound(
      given: arguments[RunArguments.sound] != nil, console: context.console)
    {
      return refused
    }
    // `cadence run 25m`: a length rather than a routine is a one-off timer, refused as the
    // timer's length is.
    let target = arguments[CommonOptions.routine]!
    if (try? DurationText.parse(target)) != nil, !FileManager.default.fileExists(atPath: target) {
      let length: Int64?
      do {
        length = try OneOffTimer.length.value(of: target, usage: TimerCommand.spec.usage)
      } catch {
        return error.report(to: context.console)
      }
      return OneOffTimer.start(
        arguments, length: length, task: arguments[RunArguments.task],
        detach: arguments[CommonOptions.detach], usage: TimerCommand.spec.usage,
        context: context, background: background)
    }
    let database = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    if background, let handed {
      return RunSession.carry(handed, options: options, context: context, databasePath: database)
    }
    let loaded: (compiled: RoutineCompilation, overrides: [(name: String, value: String)])
    do {
      loaded = try RoutineCompilation.load(
        target, sets: arguments.all(CommonOptions.setParameter), usage: spec.usage,
        context: context)
    } catch {
      return error.report(to: context.console)
    }
    return RunSession.start(
      loaded.compiled, overrides: loaded.overrides, options: options, context: context,
      databasePath: database, background: background
    ) { routine, options in
      Detached.launch(
        detach: arguments[CommonOptions.detach], options: &options, context: context,
        handing: routine
      ) { ViewRefusal.withoutTerminal(context) }
    }
  }
}
