import CadenceArguments
import CadenceCore
import CadenceStore
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
  static let maximumNameLength = 80

  static func name(_ raw: String, of what: String) throws(Refusal) -> String {
    let trimmed = PlainText.trimmed(raw)
    guard !trimmed.isEmpty else { throw Refusal(sentence: "a \(what) needs a name") }
    guard trimmed.count <= maximumNameLength else {
      throw Refusal(
        sentence:
          "a \(what) name is at most \(maximumNameLength) characters; this one has \(trimmed.count)"
      )
    }
    guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw Refusal(sentence: "a \(what) name is plain text, without control characters")
    }
    return trimmed
  }

  /// A focus length: 1 minute to 12 hours.
  static func length(_ raw: String, option: String = "--length") throws(Refusal) -> Int64 {
    guard let value = try? DurationText.parse(raw), value >= FocusCycle.minimum,
      value <= FocusCycle.maximum
    else {
      throw Refusal(
        sentence:
          "\(option) takes a length from 1m to 12h, such as 25m, not \(QuotedText.quote(raw))")
    }
    return value
  }

  /// A deadline: `YYYY-MM-DD`, a real date.
  static func deadline(_ raw: String) throws(Refusal) -> String {
    guard day(raw) != nil else {
      throw Refusal(
        sentence:
          "--deadline takes a date written YYYY-MM-DD, such as 2026-12-24, not \(QuotedText.quote(raw))"
      )
    }
    return raw
  }

  /// The start of `YYYY-MM-DD` in `timeZone`; nil when it is not a real date.
  static func day(_ raw: String, timeZone: Zone = .utc) -> Date? {
    let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
    guard raw.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2,
      parts[2].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), year >= 1970, year <= 9999
    else { return nil }
    let date = LocalDateTime(year: year, month: month, day: day)
    return date.isValid ? timeZone.startOfDay(date) : nil
  }

  static func weekdays(_ raw: String) throws(Refusal) -> Weekdays {
    switch Weekdays.parse(raw) {
    case .success(let days): return days
    case .failure(let error): throw Refusal(sentence: error.sentence)
    }
  }

  static func tags(_ raw: String) throws(Refusal) -> [String] {
    var tags: [String] = []
    for part in raw.split(separator: ",") {
      let tag = TagText.trimmed(String(part))
      if let problem = TagText.problem(with: tag) {
        throw Refusal(sentence: "the tag \(QuotedText.quote(tag)) \(problem)")
      }
      if !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
    }
    guard tags.count <= RoutineReader.maximumTags else {
      throw Refusal(
        sentence:
          "a task has at most \(RoutineReader.maximumTags) tags, as a routine; this has \(tags.count)"
      )
    }
    return tags
  }

  static func colour(_ raw: String) throws(Refusal) -> TerminalColour {
    guard let colour = TerminalColour(raw) else {
      throw Refusal(sentence: TerminalColour.refusal(raw))
    }
    return colour
  }

  /// The goal called `name`, or a refusal that lists the goals there are.
  static func goal(_ name: String, in store: Store) throws -> GoalRecord {
    if let goal = try store.planning.goal(named: name) { return goal }
    let names = try store.planning.goals().map(\.name)
    throw Refusal(
      sentence: "there is no goal called \(QuotedText.quote(name)); "
        + (names.isEmpty
          ? "add one with cadence goal add NAME --colour green"
          : "the goals are \(names.map { QuotedText.quote($0) }.joined(separator: ", "))"),
      status: .dataError)
  }

  /// The task called `name`, or a refusal that lists the tasks there are.
  static func task(_ name: String, in store: Store) throws -> TaskRecord {
    if let task = try store.planning.task(named: name) { return task }
    let names = try store.planning.tasks().map(\.name)
    throw Refusal(
      sentence: "there is no task called \(QuotedText.quote(name)); "
        + (names.isEmpty
          ? "add one with cadence task add NAME"
          : "the tasks are \(names.prefix(12).map { QuotedText.quote($0) }.joined(separator: ", "))"),
      status: .dataError)
  }
}
