import CadenceRuntime
import Foundation
import Testing

@testable import CadenceOutput

/// Waybar's tooltip names the routine once: a focus or a break, whose one segment has the
/// routine's name, is not named twice.
@Suite struct WaybarTooltipTests {
  func status(routine: String, segment: String, id: String = "r1", state: String = "running")
    throws -> RunStatus
  {
    let json = """
      {"id":"\(id)","pid":1,"routine":"\(routine)","path":"cadence:focus","state":"\(state)",
      "segment":"\(segment)","kind":"work","index":1,"count":1,"round":1,"rounds":1,
      "remaining_ms":360000,"elapsed_ms":0,"total_ms":360000,"percent":0,"started_at_ms":0}
      """
    return try JSONDecoder().decode(RunStatus.self, from: Data(json.utf8))
  }

  func tooltip(_ status: RunStatus) throws -> String? {
    let text = StatusText.waybar(status, timeZone: .utc)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    return object?["tooltip"] as? String
  }

  @Test func aFocusOrABreakIsNamedOnce() throws {
    let focus = try tooltip(status(routine: "Focus: Essay", segment: "Focus: Essay"))
    #expect(focus?.hasPrefix("Focus: Essay: 6:00 left; 0% done; running") == true, "\(focus ?? "")")
    let rest = try tooltip(status(routine: "Break", segment: "Break"))
    #expect(rest?.hasPrefix("Break: 6:00 left;") == true, "\(rest ?? "")")
  }

  @Test func aRoutineIsNamedBeforeItsSegment() throws {
    let gym = try tooltip(status(routine: "Gym", segment: "Squats"))
    #expect(gym?.hasPrefix("Gym: Squats: 6:00 left;") == true, "\(gym ?? "")")
  }

  @Test func withSeveralRunsTheTextCountsTheOthersAndTheTooltipListsThemAll() throws {
    let shown = try status(routine: "Focus", segment: "Focus", id: "20")
    let other = try status(routine: "Gym", segment: "Squats", id: "10")
    let text = StatusText.waybar(shown, others: [other], timeZone: .utc)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["text"] as? String == "6:00 Focus +1")
    #expect(
      object["tooltip"] as? String
        == "2 runs going:\nFocus: 6:00 left; 0% done; running (run 20)\nGym: Squats: 6:00 left; 0% done; running (run 10)"
    )
    let alone = try tooltip(shown)
    #expect(alone == "Focus: 6:00 left; 0% done; running")
  }

  @Test func aFormatSaysHowManyRunsAreGoingAndWhichThisIs() throws {
    let shown = try status(routine: "Gym", segment: "Squats", id: "42")
    #expect(
      StatusText.format("{routine} ({runs} going, run {id})", shown, runs: 3, timeZone: .utc)
        == "Gym (3 going, run 42)")
  }

  @Test func namesAreEscapedAsPangoMarkupAndTheClassIsAlwaysAState() throws {
    let shown = try status(
      routine: "<b>Gym</b>", segment: "Push & Pull 'hard'", state: "<blink>")
    let object = try #require(
      try JSONSerialization.jsonObject(
        with: Data(StatusText.waybar(shown, timeZone: .utc).utf8)) as? [String: Any])
    #expect(object["text"] as? String == "6:00 Push &amp; Pull &apos;hard&apos;")
    #expect(
      (object["tooltip"] as? String)?.hasPrefix(
        "&lt;b&gt;Gym&lt;/b&gt;: Push &amp; Pull &apos;hard&apos;: 6:00 left;") == true)
    #expect(object["class"] as? String == "unknown")
  }
}
