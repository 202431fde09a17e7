import CadenceArguments
import CadenceCore
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import CadenceTime
import FoundationEssentials

/// Reads the values of `task` and `goal` options, each refused with one sentence saying
/// what is wrong and what to write instead.
enum PlanningInput {
  /// A value that cannot be used, and the exit status it deserves.
  struct Refusal: Error {
    var sentence: String
    var status: ExitCode = .usage

    /// Prints the sentence as one line and returns the status. A refusal of the command line
    /// (status 64) is `Error:` and the sentence, followed by `usage`, the command's usage line,
    /// as ``UsageError`` is; any other is the sentence alone, capitalised and ended.
    func report(to console: Console, usage: String? = nil) -> ExitCode {
      if status == .usage {
        guard let usage else {
          console.problem("Error: \(sentence)")
          return status
        }
        return UsageError(sentence, usage: usage).report(to: console)
      }
      console.problem(Self.whole(sentence))
      return status
    }

    /// A sentence that stands alone: its first letter capitalised, ended with a full stop.
    static func whole(_ sentence: String) -> String {
      let capitalised = sentence.prefix(1).uppercased() + sentence.dropFirst()
      return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
  }

  /// The longest name of a task or goal, in characters.
  static let maximumNameLength = PlanningRules.maximumNameLength

  /// What `rule` gives, or its refusal as a refusal of the command line.
  private static func checked<Value>(_ rule: () throws(RuleRefusal) -> Value) throws(Refusal)
    -> Value
  {
    do {
      return try rule()
    } catch {
      throw Refusal(sentence: error.sentence)
    }
  }

  static func name(_ raw: String, of what: String) throws(Refusal) -> String {
    try checked { () throws(RuleRefusal) in try PlanningRules.name(raw, of: what) }
  }

  /// A focus length: 1 minute to 12 hours.
  static func length(_ raw: String, option: String = "--length") throws(Refusal) -> Int64 {
    try checked { () throws(RuleRefusal) in try PlanningRules.length(raw, option: option) }
  }

  /// A deadline: `YYYY-MM-DD`, a real date.
  static func deadline(_ raw: String) throws(Refusal) -> String {
    try checked { () throws(RuleRefusal) in try PlanningRules.deadline(raw) }
  }

  /// The start of `YYYY-MM-DD` in `timeZone`; nil when it is not a real date.
  static func day(_ raw: String, timeZone: Zone = .utc) -> Date? {
    PlanningRules.day(raw, timeZone: timeZone)
  }

  static func weekdays(_ raw: String) throws(Refusal) -> Weekdays {
    try checked { () throws(RuleRefusal) in try PlanningRules.weekdays(raw) }
  }

  static func tags(_ raw: String) throws(Refusal) -> [String] {
    try checked { () throws(RuleRefusal) in try PlanningRules.tags(raw) }
  }

  static func colour(_ raw: String) throws(Refusal) -> TerminalColour {
    guard let colour = TerminalColour(raw) else {
      throw Refusal(sentence: TerminalColour.refusal(raw))
    }
    return colour
  }

  /// The goal called `name`, or a refusal that lists the goals there are (exit 65).
  static func goal(_ name: String, in store: Store) throws -> GoalRecord {
    try store.planning.goal(called: name).mapError {
      Refusal(sentence: $0.sentence, status: .dataError)
    }
    .get()
  }

  /// The task called `name`, or a refusal that lists the tasks there are (exit 65).
  static func task(_ name: String, in store: Store) throws -> TaskRecord {
    try store.planning.task(called: name).mapError {
      Refusal(sentence: $0.sentence, status: .dataError)
    }
    .get()
  }
}
