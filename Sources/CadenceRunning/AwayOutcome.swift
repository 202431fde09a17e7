import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText

/// How `resume` tells of a run that ended while Cadence was away (finished, or abandoned after
/// 6 hours of silence): a sentence on standard output, or with `--json` the sentence on standard
/// error and, where nothing else would sum the run up, an object like the summary a run's JSON
/// lines end with, so that standard output holds only JSON.
public struct AwayOutcome {
  /// The run's name, as the sentence shows it.
  public var name: String
  public var session: SessionRecord
  public var abandoned: Bool
  /// The mandatory break that follows a task's focus, kept to be resumed next.
  public var breakFollows = false

  public var sentence: String {
    if abandoned { return "\(name) was abandoned (silent for over 6 hours); recorded as stopped." }
    return "\(name) finished while Cadence was away; recorded as completed."
      + (breakFollows ? " Its mandatory break followed." : "")
  }

  /// The summary object: `event` `summary`, `kind`, `routine`, `outcome`, `length_ms`, `coins`,
  /// `away` (true), the session's `id`, and `next` (`break`, mandatory) when a break follows.
  public var object: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("event", .string("summary")), ("kind", .string(session.kind.rawValue)),
      ("routine", session.routine.map { .string($0) } ?? .null),
      ("outcome", .string(session.outcome.rawValue)),
      ("length_ms", .int(session.plannedMilliseconds)), ("coins", .int(Int64(session.coins))),
      ("away", .bool(true)), ("id", .string(session.uuid)),
    ]
    if breakFollows { fields += [("next", .string("break")), ("mandatory", .bool(true))] }
    return .object(fields)
  }

  /// Says it; `summed` when the run's own summary object follows (a countdown's), so that with
  /// `json` only the sentence is said, on standard error.
  public func say(json: Bool, summed: Bool, console: Console) {
    guard json else {
      console.out(sentence + "\n")
      return
    }
    console.problem(sentence)
    if !summed { console.out(object.rendered + "\n") }
  }
}
