import CadenceArguments
import CadenceRuntime
import CadenceSystem

/// `cadence timer [LENGTH]`: seed 001's study timer. One countdown, chosen from presets or
/// given; start, pause and stop, where stopping sets the display to 0:00 and records the
/// session as stopped.
enum TimerCommand: BackgroundStarting {
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
  static let length = OneOffTimer.length

  /// Runs the timer here, or with `--detach` in a background process of its own; `background`
  /// is set in that process. A timer is never handed a routine.
  static func start(
    _ arguments: ParsedArguments, context: CommandContext, background: Bool,
    handed: HandedRoutine?
  ) -> ExitCode {
    OneOffTimer.start(
      arguments, length: arguments[Self.length], task: arguments[Self.task],
      detach: arguments[Self.detach], usage: spec.usage, context: context,
      background: background)
  }
}
