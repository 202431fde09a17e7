/// Seed 003's note on a task's session: when the task's mandatory break is over (completed,
/// or stopped, which ends the session too), the session is saved with a note. These are the
/// rules of where that note comes from, and when one is still owed.
public enum SessionNote {
  /// The longest note, in characters: what the prompt after a task's break takes, and
  /// `focus --note` and `note`.
  public static let maximumLength = 500

  /// Why `note` cannot be kept (`what` names where it was given: `--note`, `a note`): it has
  /// more than ``maximumLength`` characters; nil when it can.
  public static func refusal(of note: String, as what: String) -> RuleRefusal? {
    guard note.count > maximumLength else { return nil }
    return RuleRefusal(
      sentence:
        "\(what) is at most \(maximumLength) characters, as the note typed after a break; this one has \(note.count)"
    )
  }

  /// What becomes of the note when a task's mandatory break has ended.
  public enum Outcome: Equatable, Sendable {
    /// A note was given (`--note`, or kept with the run): it is saved.
    case save(String)
    /// The terminal the break was counted on asks for it now.
    case ask
    /// Nobody could be asked (the break ended in the background: detached, or after its
    /// terminal was closed): the next interactive `focus`, `attach` or `today` asks, once.
    case owe
    /// Nothing is saved or owed: the break ran on lines (`--plain`, `--json`) in front of the
    /// user, who could have given `--note`.
    case none
  }

  /// Where a task's mandatory break ended.
  public enum Place: Equatable, Sendable {
    /// In a full-screen view that is still open.
    case view
    /// As lines in front of the user (`--plain`, `--json`).
    case lines
    /// With nobody there: a detached background process, or a view whose terminal closed.
    case background
  }

  /// What becomes of the note when a task's mandatory break ended at `place`, with `given`
  /// (an empty note counts as none).
  public static func afterBreak(given: String?, at place: Place) -> Outcome {
    if let given, !given.isEmpty { return .save(given) }
    switch place {
    case .view: return .ask
    case .lines: return .none
    case .background: return .owe
    }
  }

  /// Whether a command that may ask (`focus`, `attach`, `today`) asks for an owed note now:
  /// only when one is owed and someone is at a terminal to answer.
  public static func asks(owed: Bool, interactive: Bool) -> Bool { owed && interactive }

  /// A session as ``target(in:)`` sees it.
  public struct Finished: Equatable, Sendable {
    public var isBreak: Bool
    public var task: String?
    public init(isBreak: Bool, task: String?) {
      self.isBreak = isBreak
      self.task = task
    }
  }

  /// Which of `sessions` (newest first) a note named without its session goes on: the last
  /// finished one, except that a task's break stands for the task's focus before it, whose
  /// note it is (the seed notes the session, focus and break together, on its focus). Nil
  /// when there is none.
  public static func target(in sessions: [Finished]) -> Int? {
    guard let last = sessions.first else { return nil }
    guard last.isBreak, let task = last.task else { return 0 }
    return sessions.indices.dropFirst().first { index in
      !sessions[index].isBreak && sessions[index].task == task
    } ?? 0
  }
}
