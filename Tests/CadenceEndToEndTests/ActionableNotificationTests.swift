import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// A run's notifications with the real `notify-send` against the real dunst (on a desktop of
/// the test's own): one notification a run, replaced in place; the urgency dunst sees; and a
/// button chosen in dunst's menu acting on the running process.
@Suite(.timeLimit(.minutes(10))) struct ActionableNotificationTests {
  let folder: URL
  let database: String
  let runtime: String

  init() throws {
    folder = try TemporaryFolder("notify").created().url
    database = folder.appendingPathComponent("cadence.db").path
    runtime = folder.appendingPathComponent("runtime").path
  }

  func environment(_ desktop: NotificationDesktop) -> [String: String] {
    desktop.environment([
      "CADENCE_DB": database, "XDG_RUNTIME_DIR": runtime, "HOME": folder.path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
    ])
  }

  func routine(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func aRunsNotificationsReplaceOneAnotherWithTheirUrgency() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let path = try routine(
      "replaced.lua",
      """
      return {
        name = "Replaced",
        steps = { { "Go", "600ms" }, { "Rest", "400ms", kind = "pause" }, { "Again", "600ms" } },
        milestones = { 0.25 },
      }
      """)
    let output = try CadenceProcess.run(
      ["run", path, "--plain", "--mute"], environment: environment(desktop))
    #expect(output.status == 0, "\(output.standardError)")
    // The quarter (low), the end of the rest (critical), the finish (normal).
    let shown = desktop.shown { shown in
      shown.contains { $0.body.hasPrefix("All done") }
    }
    let ids = Set(shown.map(\.id))
    #expect(ids.count == 1, "\(shown)")
    #expect(shown.contains { $0.urgency == "LOW" && $0.body.contains("quarter") }, "\(shown)")
    #expect(shown.contains { $0.urgency == "CRITICAL" && $0.body.contains("Again") }, "\(shown)")
    #expect(shown.last?.urgency == "NORMAL")
    #expect(shown.allSatisfy { $0.appName == "Cadence" })
    #expect(try desktop.displayed() == 1)
    desktop.closeAll()
    #expect(try desktop.history().map(\.id) == Array(ids))
  }

  @Test func skipBreakInTheNotificationSkipsTheRunsRest() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let path = try routine(
      "skip.lua",
      """
      return {
        name = "Skippable",
        steps = {
          { "Go", "200ms" },
          { "Rest", "60s", kind = "pause", reminders = { { at = { "200ms" }, label = "Breathe" } } },
          { "Again", "200ms" },
        },
        milestones = {},
      }
      """)
    let run = try CadenceProcess.start(
      ["run", path, "--json", "--mute"], environment: environment(desktop))
    // The reminder is shown, then shown again with its buttons by the notify-send that waits.
    let shown = desktop.shown { $0.filter { $0.body == "Breathe" }.count >= 2 }
    let id = try #require(shown.last?.id)
    let menu = try desktop.invoke("skip-break", on: id)
    #expect(menu.contains { $0.hasPrefix("#Skip break") }, "\(menu)")
    #expect(menu.contains { $0.hasPrefix("#+5 min") }, "\(menu)")
    #expect(run.waitForLine { $0.contains(#""event":"skipped""#) }, "\(run.lines)")
    #expect(run.wait() == 0, "\(run.standardError)")
    // Far sooner than the minute's rest.
    #expect(run.lines.last.map { $0.at < 30 } == true, "\(run.lines)")
  }

  @Test func plusFiveMinutesInTheNotificationLengthensTheStep() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let path = try routine(
      "longer.lua",
      """
      return {
        name = "Longer",
        steps = { { "Write", "20s", reminders = { { at = { "200ms" }, label = "Sip water" } } } },
        milestones = {},
      }
      """)
    let run = try CadenceProcess.start(
      ["run", path, "--json", "--mute"], environment: environment(desktop))
    let shown = desktop.shown { $0.filter { $0.body == "Sip water" }.count >= 2 }
    let id = try #require(shown.last?.id)
    try desktop.invoke("add-5m", on: id)
    #expect(run.waitForLine { $0.contains(#""event":"adjusted""#) }, "\(run.lines)")
    let status = try CadenceProcess.run(["status", "--json"], environment: environment(desktop))
    let remaining = try #require(
      status.standardOutput.firstMatch(of: #/"remaining_ms":(\d+)/#).flatMap { Int($0.output.1) })
    #expect(remaining > 5 * 60_000, "\(status.standardOutput)")
    _ = try CadenceProcess.run(["stop"], environment: environment(desktop))
    _ = run.wait()
  }

  @Test func startFocusAfterABreakStartsTheNextFocusInTheBackground() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let environment = environment(desktop)
    // A minute's break is on offer; it counts in the background, and is shortened to its end.
    let store = try Store(path: database)
    try store.setSetting("focus.offer", "break")
    try store.setSetting("break", "1m")
    let started = try CadenceProcess.run(
      ["focus", "--break", "--detach", "--mute"], environment: environment)
    #expect(started.status == 0, "\(started.standardError)")
    let shortened = try CadenceProcess.run(["adjust", "--", "-1m"], environment: environment)
    #expect(shortened.status == 0, "\(shortened.standardError)")
    // The end of the break stays until seen (critical), shown again with its button by the
    // process that waits for it, which outlives the break's.
    let shown = desktop.shown { shown in
      shown.filter { $0.urgency == "CRITICAL" }.count >= 2
    }
    let ended = try #require(shown.last { $0.urgency == "CRITICAL" })
    #expect(Set(shown.map(\.id)) == [ended.id])
    let menu = try desktop.invoke("start-focus", on: ended.id)
    #expect(menu.contains { $0.hasPrefix("#Start focus") }, "\(menu)")
    let deadline = Date().addingTimeInterval(30)
    var status = ""
    while Date() < deadline, !status.contains("cadence:focus") {
      status = try CadenceProcess.run(["status", "--json"], environment: environment)
        .standardOutput
      usleep(100_000)
    }
    #expect(status.contains("cadence:focus"), "\(status)")
    #expect(try Store(path: database, readOnly: true).sessions().map(\.kind) == [.break])
    _ = try CadenceProcess.run(["stop"], environment: environment)
  }
}
