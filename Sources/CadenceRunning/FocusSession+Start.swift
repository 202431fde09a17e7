import CadenceCore
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal

extension FocusSession {
  /// What `cadence focus` is asked beyond how it is shown and heard.
  public struct Request {
    /// `--next`: say what is on offer, and run nothing.
    public var next: Bool
    /// `--break`: the break on offer instead of a focus.
    public var takeBreak: Bool
    /// `--detach`: in a background process of its own.
    public var detach: Bool
    /// `--length`: this session's length (remembered).
    public var length: Int64?
    /// `--note`: the note saved with a task's session.
    public var note: String?

    public init(next: Bool, takeBreak: Bool, detach: Bool, length: Int64?, note: String?) {
      self.next = next
      self.takeBreak = takeBreak
      self.detach = detach
      self.length = length
      self.note = note
    }
  }

  /// Runs `cadence focus` once its command line is read: says what is on offer (`--next`), or
  /// refuses what cannot start now (status 69), or counts here, or with `--detach` in a
  /// background process of its own (one focus or break; on a task, its mandatory break and
  /// `--note` too), which this is when `background` is set.
  public mutating func start(_ request: Request) throws -> ExitCode {
    if request.next {
      // A focus or break waiting to be resumed comes before anything on offer.
      let waiting = try RunRecovery.interrupted(in: store).map(WaitingRun.init)
      printOffer(waiting: waiting.last(where: \.isFocusSession))
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
    if request.takeBreak, let refusal = cycle.breakRefusal {
      // Not a bad command line but nothing to act on, as a pause of a paused run is.
      throw CommandRefusal(sentence: refusal.sentence, status: .unavailable)
    }
    // A note a task's session still owes is asked first, once, when someone is at the
    // terminal to answer (seed 003).
    if !background, options.output != .json {
      NotePrompt.offer(store: store, context: context)
    }
    // Refusals above are made here, on the terminal; the background process does the rest.
    if request.detach, !background {
      return FocusBackground.launch(
        what: request.takeBreak ? "break" : "focus", json: options.output == .json,
        context: context)
    }
    // Nothing was refused: the session writes, so a database not there yet is made now.
    store = try store.writable()
    // Starting a focus when a break is on offer skips the break (seed 002).
    cycle.prepare(
      takeBreak: request.takeBreak, choosing: options.output == .view && task == nil,
      length: request.length, taskLength: task?.lengthMilliseconds)
    if options.output == .view {
      note = request.note
      return try runOnTerminal()
    }
    return try runOnce(note: request.note)
  }
}
