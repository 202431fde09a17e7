import CadenceText
import Foundation
import Testing

/// A run whose process was killed waits to be resumed, and every way of asking says so and
/// names `cadence resume`, rather than that no run is going: `status` in each form, a
/// follower (which sees the kill as it happens), and `focus --next` instead of an offer.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StatusWaitingTests {
  let fixture = KilledRunFixture()
  let options = ["--detach", "--mute", "--no-notify"]
  static let focusLine = "Focus: waiting to be resumed: cadence resume"

  @Test func aKilledFocusIsListedAsWaitingInEveryFormAndFocusNextSaysSo() throws {
    try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
    let follower = try CadenceProcess.start(
      ["status", "--follow", "--format", "{state} {segment}"], environment: fixture.environment)
    defer { follower.process.terminate() }
    try fixture.succeed(["focus", "--length", "25m"] + options)
    #expect(follower.waitForLine { $0 == "running Focus" })
    let pid = try #require(try fixture.status()?["pid"] as? Int)
    try fixture.kill()
    // The follower saw its stream end, and tells the run as waiting.
    #expect(
      follower.waitForLine(seconds: 10) { $0 == Self.focusLine }, "\(follower.lines.suffix(3))")

    let plain = try fixture.cadence(["status"])
    #expect(plain.status == 0)
    #expect(plain.standardOutput.hasPrefix("Run \(pid): Focus\n"), "\(plain.standardOutput)")
    #expect(plain.standardOutput.contains("  state      waiting to be resumed: cadence resume\n"))
    let json = try #require(try fixture.status())
    #expect(json["state"] as? String == "interrupted")
    #expect(json["waiting_to_resume"] as? Bool == true)
    #expect(json["resume"] as? String == "cadence resume")
    #expect(json["pid"] as? Int == pid)
    #expect(json["routine"] as? String == "Focus")
    for form in ["--format", "--tmux", "--pango", "--polybar", "--i3blocks"] {
      let line = try fixture.cadence(["status", form, "{remaining} {segment}"])
      #expect(line.status == 0, "\(form)")
      #expect(line.standardOutput == Self.focusLine + "\n", "\(form)")
    }
    let waybar = try fixture.cadence(["status", "--waybar"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.standardOutput.utf8)) as? [String: Any])
    #expect(object["class"] as? String == "interrupted")
    #expect(object["text"] as? String == "Focus: waiting to be resumed")
    #expect((object["tooltip"] as? String)?.hasPrefix(Self.focusLine + " (interrupted at ") == true)

    // focus --next says it waits, rather than offering a break or a focus.
    let next = try fixture.succeed(["focus", "--next"])
    #expect(
      next.standardOutput
        == "A focus was interrupted and waits to be resumed: cadence resume brings it back (or records it, if its time is over).\n"
    )
    let nextJSON = try fixture.succeed(["focus", "--next", "--json"])
    let offer = try #require(
      try JSONSerialization.jsonObject(with: Data(nextJSON.standardOutput.utf8)) as? [String: Any])
    #expect(offer["offer"] as? String == "resume")
    #expect(offer["waiting"] as? String == "focus")

    // Resumed, it is going again and waits no more: the follower tells it running.
    try fixture.succeed(["resume"] + options)
    let resumed = try #require(try fixture.status())
    #expect(resumed["state"] as? String == "running")
    #expect(try fixture.cadence(["status"]).standardOutput.contains("waiting") == false)
    let before = follower.lines.count
    #expect(
      follower.waitForLine { _ in
        follower.lines.dropFirst(before).contains { $0.line == "running Focus" }
      })
    #expect(try fixture.succeed(["focus", "--next"]).standardOutput.hasPrefix("A focus") == false)
    try fixture.succeed(["stop"])
  }

  @Test func aKilledRoutineIsNamedByItsFileEscapedForEachSink() throws {
    try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
    let file = fixture.folder.appendingPathComponent("gym #{session_name} <b>&.lua")
    try #"return { name = "Gym", steps = { { "Set", "1h" } } }"#.write(
      to: file, atomically: true, encoding: .utf8)
    try fixture.succeed(["run", file.path] + options)
    try fixture.kill()
    let said = "gym #{session_name} <b>&.lua: waiting to be resumed: cadence resume"
    #expect(try fixture.cadence(["status", "--format", "x"]).standardOutput == said + "\n")
    #expect(
      try fixture.cadence(["status", "--tmux", "x"]).standardOutput == TmuxText.line(said) + "\n")
    #expect(
      try fixture.cadence(["status", "--pango", "x"]).standardOutput == PangoText.line(said) + "\n")
    #expect(try PangoMarkup.parse([PangoText.line(said)]) == [said])
    // A routine is not a focus session: focus --next offers what it offered.
    #expect(try fixture.succeed(["focus", "--next"]).standardOutput == "focus 25m\n")
    try fixture.succeed(["resume"] + options)
    try fixture.succeed(["stop"])
  }
}
