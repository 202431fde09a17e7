import CadenceTestSupport
import Foundation
import Testing

/// `dnd dunst` with the real dunst (NotificationDesktop: under Xvfb, on a private D-Bus session): a focus pauses
/// dunst's notifications while it counts, and every way out puts them back as they were: q,
/// SIGTERM, `cadence stop`, and after SIGKILL the next start or `cadence resume`. A user who had
/// paused dunst keeps it paused.
@Suite(.timeLimit(.minutes(10))) struct DoNotDisturbFocusTests {
  let folder = TemporaryFolder("dnd").url
  var database: String { folder.appendingPathComponent("cadence.db").path }
  var record: String { database + "-dnd" }

  func environment(_ desktop: NotificationDesktop) -> [String: String] {
    desktop.environment.merging(["CADENCE_DB": database]) { $1 }
  }

  @discardableResult
  func cadence(_ arguments: [String], _ desktop: NotificationDesktop) throws
    -> CadenceProcess.Output
  {
    try CadenceProcess.run(arguments, environment: environment(desktop))
  }

  /// A one-minute focus going, with dnd set to dunst.
  func focus(_ desktop: NotificationDesktop) throws -> LiveProcess {
    #expect(try cadence(["config", "set", "dnd", "dunst"], desktop).status == 0)
    let running = try CadenceProcess.start(
      ["focus", "--length", "1m", "--plain", "--mute", "--no-notify"],
      environment: environment(desktop))
    #expect(running.waitForOutput { $0.contains("Focus: go!") })
    return running
  }

  enum WayOut: String, CaseIterable { case q, sigterm, stop }

  @Test(arguments: WayOut.allCases)
  func aFocusPausesDunstAndEveryWayOutPutsItBack(way: WayOut) throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let running = try focus(desktop)
    #expect(Self.poll { isPaused(desktop) == "true" }, "dunst was not paused during the focus")
    #expect(FileManager.default.fileExists(atPath: record))
    switch way {
    case .q: running.type("q\n")
    case .sigterm: kill(running.process.processIdentifier, SIGTERM)
    case .stop: #expect(try cadence(["stop"], desktop).status == 0)
    }
    _ = running.wait()
    #expect(running.standardOutput.contains("Focus stopped"), "\(running.standardOutput)")
    #expect(isPaused(desktop) == "false")
    #expect(!FileManager.default.fileExists(atPath: record))
    #expect(running.standardError.isEmpty, "\(running.standardError)")
  }

  @Test func aUserWhoHadPausedDunstKeepsItPaused() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    _ = desktop.control(["set-paused", "true"])
    let running = try focus(desktop)
    // Asked, and left alone: no record of a pause to undo.
    usleep(1_000_000)
    #expect(!FileManager.default.fileExists(atPath: record))
    running.type("q\n")
    _ = running.wait()
    #expect(isPaused(desktop) == "true")
  }

  @Test func afterSIGKILLTheNextStartPutsDunstBack() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let running = try focus(desktop)
    #expect(Self.poll { isPaused(desktop) == "true" })
    kill(running.process.processIdentifier, SIGKILL)
    _ = running.wait()
    // Nothing could undo it as it died: the record says what to.
    #expect(isPaused(desktop) == "true")
    let attributes = try FileManager.default.attributesOfItem(atPath: record)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let timer = try cadence(["timer", "1s", "--plain", "--mute", "--no-notify"], desktop)
    #expect(timer.status == 0)
    #expect(isPaused(desktop) == "false")
    #expect(!FileManager.default.fileExists(atPath: record))
    #expect(
      timer.standardError.contains(
        "dunst's notifications are on again: the focus that paused them ended without letting them through."
      ), "\(timer.standardError)")
  }

  @Test func afterSIGKILLResumePutsDunstBackThenTheResumedFocusPausesIt() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let running = try focus(desktop)
    #expect(Self.poll { isPaused(desktop) == "true" })
    kill(running.process.processIdentifier, SIGKILL)
    _ = running.wait()
    let resumed = try CadenceProcess.start(
      ["resume", "--plain", "--mute", "--no-notify"], environment: environment(desktop))
    #expect(
      Self.poll { resumed.standardError.contains("dunst's notifications are on again") },
      "\(resumed.standardError)")
    #expect(Self.poll { isPaused(desktop) == "true" }, "the resumed focus did not pause dunst")
    resumed.type("q\n")
    _ = resumed.wait()
    #expect(resumed.standardOutput.contains("Focus stopped"), "\(resumed.standardOutput)")
    #expect(isPaused(desktop) == "false")
    #expect(!FileManager.default.fileExists(atPath: record))
  }

  /// What `dunstctl is-paused` says on `desktop`.
  func isPaused(_ desktop: NotificationDesktop) -> String {
    desktop.control(["is-paused"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func poll(seconds: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }
}
