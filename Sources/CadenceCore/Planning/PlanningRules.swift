import CadenceText
import CadenceTime
import FoundationEssentials

/// The rules a task's and a goal's values follow (seed 003): names, priorities, focus lengths,
/// deadlines, days and tags, each refused with one sentence.
public enum PlanningRules {
  /// The longest name of a task or goal, in characters.
  public static let maximumNameLength = 80

  /// A task's or goal's (`what`) name, trimmed: not empty, at most ``maximumNameLength``
  /// characters, no control characters.
  public static func name(_ raw: String, of what: String) throws(RuleRefusal) -> String {
    let trimmed = PlainText.trimmed(raw)
    guard !trimmed.isEmpty else { throw RuleRefusal(sentence: "a \(what) needs a name") }
    guard trimmed.count <= maximumNameLength else {
      throw RuleRefusal(
        sentence:
          "a \(what) name is at most \(maximumNameLength) characters; this one has \(trimmed.count)"
      )
    }
    guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw RuleRefusal(sentence: "a \(what) name is plain text, without control characters")
    }
    return trimmed
  }

  /// A priority: a whole number from 0 to 10.
  public static func priority(_ raw: String) throws(RuleRefusal) -> Int {
    guard let value = Int(raw), (0...10).contains(value) else {
      throw RuleRefusal(
        sentence: "--priority takes a whole number from 0 to 10, not \(QuotedText.quote(raw))")
    }
    return value
  }

  /// A focus length: 1 minute to 12 hours.
  public static func length(_ raw: String, option: String = "--length") throws(RuleRefusal)
    -> Int64
  {
    guard let value = try? DurationText.parse(raw), value >= FocusCycle.minimum,
      value <= FocusCycle.maximum
    else {
      throw RuleRefusal(
        sentence:
          "\(option) takes a length from 1m to 12h, such as 25m, not \(QuotedText.quote(raw))")
    }
    return value
  }

  /// A deadline: `YYYY-MM-DD`, a real date.
  public static func deadline(_ raw: String) throws(RuleRefusal) -> String {
    guard day(raw) != nil else { throw notADate(raw, option: "--deadline", example: "2026-12-24") }
    return raw
  }

  /// The start of the day `raw` names, `YYYY-MM-DD`, in `timeZone` (`option`'s value).
  public static func day(_ raw: String, option: String, timeZone: Zone) throws(RuleRefusal)
    -> Date
  {
    guard let day = day(raw, timeZone: timeZone) else {
      throw notADate(raw, option: option, example: "2026-12-07")
    }
    return day
  }

  private static func notADate(_ raw: String, option: String, example: String) -> RuleRefusal {
    RuleRefusal(
      sentence:
        "\(option) takes a date written YYYY-MM-DD, such as \(example), not \(QuotedText.quote(raw))"
    )
  }

  /// The start of `YYYY-MM-DD` in `timeZone`; nil when it is not a real date from 1970 to 9999.
  public static func day(_ raw: String, timeZone: Zone = .utc) -> Date? {
    let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
    guard raw.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2,
      parts[2].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), year >= 1970, year <= 9999
    else { return nil }
    let date = LocalDateTime(year: year, month: month, day: day)
    return date.isValid ? timeZone.startOfDay(date) : nil
  }

  /// The days a task can be worked on (`weekdays`, `mon,wed`, ...).
  public static func weekdays(_ raw: String) throws(RuleRefusal) -> Weekdays {
    switch Weekdays.parse(raw) {
    case .success(let days): return days
    case .failure(let error): throw RuleRefusal(sentence: error.sentence)
    }
  }

  /// A task's tags, separated by commas: each a valid tag, the same tag (in any case) once, at
  /// most as many as a routine has.
  public static func tags(_ raw: String) throws(RuleRefusal) -> [String] {
    var tags: [String] = []
    for part in raw.split(separator: ",") {
      let tag = TagText.trimmed(String(part))
      if let problem = TagText.problem(with: tag) {
        throw RuleRefusal(sentence: "the tag \(QuotedText.quote(tag)) \(problem)")
      }
      if !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
    }
    guard tags.count <= RoutineReader.maximumTags else {
      throw RuleRefusal(
        sentence:
          "a task has at most \(RoutineReader.maximumTags) tags, as a routine; this has \(tags.count)"
      )
    }
    return tags
  }
}
