import CadenceStore
import CadenceSystem
import CadenceTerminal

extension ResumedCountdown {
  /// Counts it on as `resume` brings it back, once taken over
  /// (``takeOver(options:store:context:background:detach:)``) and shown as `options` say: as
  /// the countdown it was, not as a routine's run. Only pause, resume, adjust and stop act on
  /// it (a task's mandatory break refuses skip and shortening, from the keys and the control
  /// socket alike); it is recorded with its kind, task, goal, tags and session id; and at its
  /// end the focus cycle moves on as it would have: a task's focus is followed by its
  /// mandatory break, and that break's end saves the note.
  public func count(
    options: RunOptions, store: Store, context: CommandContext, databasePath: String,
    background: Bool
  ) throws -> ExitCode {
    let (task, goal) = try records(in: store, clock: context.clock)
    if identity.kind == .timer {
      var timer = try StudyTimer(
        task: task, goal: goal, options: options, context: context, databasePath: databasePath,
        store: store, background: background)
      timer.resumed = self
      let length = rebuilt.engine.total
      return options.output == .view
        ? try timer.runOnTerminal(length: length) : try timer.runOnce(length: length)
    }
    var session = try FocusSession(
      store: store, task: task, goal: goal, options: options, context: context,
      databasePath: databasePath, background: background)
    session.resume(self)
    return options.output == .view ? try session.runOnTerminal() : try session.runOnce(note: nil)
  }
}
