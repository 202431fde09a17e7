import CadenceRuntime
import CadenceTime

/// What `status` prints: its blocks for people, a template's line escaped for its sink, a
/// waybar module's JSON, or a JSON array.
public enum StatusShape: Equatable, Sendable {
  /// The blocks for people.
  case text
  /// A template's line, escaped for its sink.
  case line(StatusForm, String)
  case waybar
  case json

  /// The line (newline included) printed for `board`, of the run `wanted` names or else the
  /// one started last; with none going, of a run waiting to be resumed (the latest, which
  /// `cadence resume` takes). `shown` is false when there was none to show (the empty form is
  /// printed, as `following` says for its form). The text shape is written as JSON here.
  public func render(
    _ board: StatusBoard, wanted: String?, timeZone: Zone, following: Bool = false
  ) -> (text: String, shown: Bool) {
    let chosen = board.live.filter { wanted == nil || $0.id == wanted }
    let resting = board.waiting.filter { wanted == nil || $0.id == wanted }
    switch self {
    case .line(let form, let template):
      if let run = chosen.last {
        return (
          StatusText.format(template, run, runs: board.live.count, timeZone: timeZone, form: form)
            + "\n", true
        )
      }
      guard let waiting = resting.last else {
        return (form.empty(following: following) + "\n", false)
      }
      return (form.line(StatusText.summary(waiting)) + "\n", true)
    case .waybar:
      if let run = chosen.last {
        return (
          StatusText.waybar(
            run, others: Array(chosen.dropLast().reversed()), waiting: resting, timeZone: timeZone)
            + "\n", true
        )
      }
      guard !resting.isEmpty else { return ("{}\n", false) }
      return (StatusText.waybar(waiting: resting, timeZone: timeZone) + "\n", true)
    case .json, .text:
      let entries = chosen.map(StatusJSON.object) + resting.map(StatusJSON.object)
      return (JSONValue.array(entries).rendered + "\n", !entries.isEmpty)
    }
  }
}
