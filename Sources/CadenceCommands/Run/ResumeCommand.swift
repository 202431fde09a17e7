import CadenceArguments
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem

/// `cadence resume`: picks up a run whose process was killed, with the time it was gone
/// accounted for (seed 002).
enum ResumeCommand: BackgroundStarting {
  static let spec = CommandSpec(
    name: "resume",
    abstract:
      "Continues a paused run, or one that was interrupted (killed or the machine restarted).",
    discussion: """
      A run that is going but paused is unpaused (--run ID picks one of several). Otherwise the
      latest run whose process died is brought back. Segments that ended while Cadence was gone count as done, and the run picks up in the
      segment it is in now, with the time that segment has left. A run that would have finished
      is recorded as completed; one silent for over 6 hours is recorded as stopped instead.
      With --detach, nothing to resume is no failure (status 0, said only on a terminal), so a
      login can run cadence resume --detach every time.
      A timer, focus session or break comes back as the countdown it was, with its rules (a
      task's mandatory break still cannot be skipped or shortened), its task and its note.
      """,
    examples: ["cadence resume", "cadence resume --plain", "cadence resume --detach"],
    options: RunCommand.spec.options.filter { $0.name != "set" } + [RunSelection.option.spec],
    positionals: [],
    exclusive: RunCommand.spec.exclusive
  )

  /// Unpauses a paused run that is going, or brings back the latest one whose process died;
  /// `background` is set in the background process that carries it on.
  /// `handed`, in that process, is the routine as the process that started it compiled it.
  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    handed: HandedRoutine? = nil
  ) -> ExitCode {
    var going: ControlClient.Live?
    if !background {
      switch RunSelection.choose(arguments, context: context) {
      case .chosen(let run):
        if run.status.state == "paused" {
          return RunControl.act(
            .resume, verb: "Resumed", arguments, context, usage: spec.usage,
            json: arguments[CommonOptions.json])
        }
        going = run
      case .ambiguous(let sentence):
        return UsageError(sentence, usage: spec.usage).report(to: context.console)
      case .none(let sentence):
        if arguments[RunSelection.option] != nil {
          context.console.problem(sentence)
          return .unavailable
        }
      }
    }
    let options = RunOptions.load(arguments, context: context)
    let path = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    let resumption = Resumption(
      databasePath: path, options: options, context: context, background: background,
      detach: arguments[CommonOptions.detach], handed: handed)
    let outcome = resumption.resume(going: going) { routine, options in
      Detached.launch(
        detach: arguments[CommonOptions.detach], options: &options, context: context,
        handing: routine
      ) { ViewRefusal.withoutTerminal(context) }
    }
    switch outcome {
    case .ended(let code): return code
    case .countdown(let countdown, let store):
      switch countdown.takeOver(
        options: options, store: store, context: context, background: background,
        detach: arguments[CommonOptions.detach])
      {
      case .ended(let code): return code
      case .resumeAgain: return start(arguments, context: context, background: background)
      case .count(let shown):
        return StoreAccess.with(arguments, context, usage: spec.usage) { store in
          try countdown.count(
            options: shown, store: store, context: context, databasePath: path,
            background: background)
        }
      }
    }
  }
}
