import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence resume` of a timer, focus session or break whose process died: it comes back as
/// the countdown it was, not as a routine's run. Only pause, resume, adjust and stop act on it
/// (a task's mandatory break refuses skip and shortening, from the keys and the control socket
/// alike); it is recorded with its kind, task, goal, tags and session id; and at its end the
/// focus cycle moves on as it would have: a task's focus is followed by its mandatory break,
/// and that break's end saves the note.
struct CountdownResumption {
  let countdown: ResumedCountdown
  let options: RunOptions
  let arguments: ParsedArguments
  let context: CommandContext
  let store: Store
  let databasePath: String
  let background: Bool

  func resume() -> ExitCode {
    let identity = countdown.identity
    let options: RunOptions
    switch countdown.takeOver(
      options: self.options, store: store, context: context, background: background,
      detach: arguments[CommonOptions.detach])
    {
    case .ended(let code): return code
    case .resumeAgain:
      return ResumeCommand.start(arguments, context: context, background: background)
    case .launch:
      return FocusBackground.launch(
        what: countdown.what, json: self.options.output == .json, context: context)
    case .count(let shown): options = shown
    }
    return StoreAccess.with(arguments, context, usage: ResumeCommand.spec.usage) { store in
      let (task, goal) = try countdown.records(in: store, clock: context.clock)
      if identity.kind == .timer {
        var timer = StudyTimer(
          task: task, goal: goal, options: options, context: context,
          databasePath: databasePath,
          presets: TimerPresets.current(
            Dictionary(try store.settings().map { ($0.key, $0.value) }) { $1 }),
          store: store)
        timer.background = background
        timer.resumed = countdown
        let length = countdown.rebuilt.engine.total
        return options.output == .view
          ? try timer.runOnTerminal(length: length) : try timer.runOnce(length: length)
      }
      var session = try FocusSession(
        store: store, task: task, goal: goal, options: options, context: context,
        databasePath: databasePath)
      session.background = background
      session.resume(countdown)
      return options.output == .view ? try session.runOnTerminal() : try session.runOnce(note: nil)
    }
  }
}
