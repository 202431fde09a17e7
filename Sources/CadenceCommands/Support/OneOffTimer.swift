import CadenceArguments
import CadenceCore
import CadenceRunning
import CadenceStore
import CadenceSystem
import CadenceText

/// Seed 001's study timer as a command line starts it: `cadence timer [LENGTH]`, and
/// `cadence run 25m`, a length given where a routine goes.
enum OneOffTimer {
  /// `LENGTH`: from 1s to 24h, in milliseconds.
  static let length = Positional<Int64>(
    "LENGTH", help: "How long, such as 25m or 1h30m.", minimum: 0,
    refusal: {
      "\(QuotedText.quote($0)) is not a timer length; give one from 1s to 24h, such as 25m or 1h30m"
    },
    convert: { TimerPresets.ownLength($0) })

  /// Runs the timer of `length` (none: the chooser, or the task's length) here, or with
  /// `detach` in a background process of its own; `background` is set in that process.
  /// `task` is the task it is recorded against; `usage` follows a refusal.
  static func start(
    _ arguments: ParsedArguments, length: Int64?, task: String?, detach: Bool, usage: String,
    context: CommandContext, background: Bool
  ) -> ExitCode {
    var options = RunOptions.load(arguments, context: context)
    if let refused = options.refuseMissingSound(
      given: arguments[RunArguments.sound] != nil, console: context.console)
    {
      return refused
    }
    // A shell's background job (`cadence timer 25m &`) prints lines and leaves the terminal be.
    options.place(background: background, detach: detach)
    let database = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    return StoreAccess.with(arguments, context, usage: usage) { store in
      let (task, goal) = try store.focusRecords(task: task)
      var timer = try StudyTimer(
        task: task, goal: goal, options: options, context: context, databasePath: database,
        store: store, background: background)
      return try timer.start(length: length, detach: detach)
    }
  }
}
