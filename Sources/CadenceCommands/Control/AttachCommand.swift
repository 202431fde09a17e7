import CadenceArguments
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal

/// `cadence attach`: the full-screen view of a run that is going in the background.
enum AttachCommand {
  static let spec = CommandSpec(
    name: "attach",
    abstract: "Opens the full-screen view of the run that is going in the background.",
    discussion: """
      The keys are those of run; d detaches and leaves the run going, as closing the terminal
      does, and q stops the run. A timer or a focus session takes only space (pause and
      resume), q and d, as its own view does while it counts; a focus back from idleness asks
      there too, where k keeps the time away and d discards it (D then detaches).
      """,
    examples: ["cadence attach", "cadence attach --run 4242"],
    options: [
      RunArguments.style.spec,
      RunSelection.option.spec,
    ],
    positionals: []
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let chosen: ControlClient.Live
    switch RunSelection.chosen(arguments, context: context, usage: spec.usage) {
    case .success(let run): chosen = run
    case .failure(let refusal): return refusal.status
    }
    // The settings count as for run: the style setting, and the volume for the bell.
    let options = RunOptions.load(arguments, context: context)
    // A note a task's session still owes is asked first, once (seed 003).
    NotePrompt.offer(
      databasePath: Store.defaultPath(flag: nil, environment: context.environment),
      context: context)
    return AttachSession(
      run: chosen.id, socket: chosen.socket, path: chosen.status.path,
      countdown: RunIdentity.isCountdown(path: chosen.status.path), style: options.style,
      bell: SoundPlayer.viewRings(
        options: options, console: context.console, environment: context.environment)
        ? SignalOutput.rings : nil,
      context: context
    ).attach { ViewRefusal.withoutTerminal(context) }
  }
}
