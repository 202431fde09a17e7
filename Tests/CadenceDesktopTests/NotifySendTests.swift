import CadenceSystem
import CadenceTestSupport
import Dispatch
import Foundation
import Testing

@testable import CadenceDesktop

/// notify-send as Cadence calls it, through stand-in programs that answer as libnotify's does
/// (the real one against dunst is in the end-to-end tests).
@Suite(.timeLimit(.minutes(10))) struct NotifySendTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder("notify-send").created().url
  }

  /// A notify-send whose body is `script`, logging its arguments to `calls` first. Its calls
  /// may take a minute: a stand-in started at a lower priority on a busy machine can take more
  /// than the seconds the real one is given.
  func standIn(_ script: String) throws -> NotifySend {
    let url = folder.appendingPathComponent("notify-send")
    let log = folder.appendingPathComponent("calls").path
    try ExecutableScript.write(
      """
      #!/bin/sh
      printf '%s|' "$@" >> '\(log)'
      echo >> '\(log)'
      \(script)

      """, to: url.path)
    return NotifySend(
      tool: DesktopTool(
        executable: url.path, environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(60)))
  }

  var calls: [String] {
    ((try? String(contentsOf: folder.appendingPathComponent("calls"), encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  let note = DesktopNotification(
    title: "Break", body: "Rest", urgency: .low, actions: [.skipBreak])

  @Test func theIdItPrintsIsKept() throws {
    let sender = try standIn("echo 42")
    #expect(sender.show(note, replacing: nil) == 42)
    #expect(sender.show(note, replacing: 42) == 42)
    #expect(
      calls == [
        "--print-id|--app-name=Cadence|--urgency=low|--|Break|Rest|",
        "--print-id|--replace-id=42|--app-name=Cadence|--urgency=low|--|Break|Rest|",
      ])
  }

  @Test func anOlderNotifySendStillShowsTheNotification() throws {
    let sender = try standIn(
      #"[ "$1" = --print-id ] && { echo "Unknown option --print-id" >&2; exit 1; }; exit 0"#)
    #expect(sender.show(note, replacing: nil) == nil)
    #expect(calls.last == "--app-name=Cadence|--urgency=low|--|Break|Rest|")
  }

  @Test func theActionChosenIsWhatItPrints() throws {
    let sender = try standIn("echo skip-break")
    #expect(sender.awaitAction(note, replacing: 9, stopping: { false }) == "skip-break")
    #expect(
      calls == [
        "--replace-id=9|--action=skip-break=Skip break|--app-name=Cadence|--urgency=low|--|Break|Rest|"
      ])
  }

  @Test func closedWithoutAnActionIsNone() throws {
    let sender = try standIn("exit 0")
    #expect(sender.awaitAction(note, replacing: 9, stopping: { false }) == nil)
  }

  @Test func aWaitIsStoppedWhenAskedAndItsProgramGoes() throws {
    let sender = try standIn("exec sleep 30")
    let started = ContinuousClock.now
    let stopAt = started + .milliseconds(200)
    #expect(
      sender.awaitAction(note, replacing: 9, stopping: { ContinuousClock.now > stopAt }) == nil)
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func aHandOffRunsItsProgramOnlyForItsAction() throws {
    let ran = folder.appendingPathComponent("ran").path
    let then = ["/bin/sh", "-c", "printf '%s' \"$1\" > \"$2\"", "sh", "a 'b' $(c)", ran]
    let chosen = try standIn("echo start-focus")
    #expect(chosen.handOff(note, replacing: 3, action: .startFocus, then: then))
    let deadline = ContinuousClock.now + .seconds(10)
    // The shell makes the file, then writes it.
    while (try? String(contentsOfFile: ran, encoding: .utf8)) != "a 'b' $(c)",
      ContinuousClock.now < deadline
    {
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(20))
    }
    #expect((try? String(contentsOfFile: ran, encoding: .utf8)) == "a 'b' $(c)")
    try FileManager.default.removeItem(atPath: ran)
    let closed = try standIn("echo something-else")
    #expect(closed.handOff(note, replacing: 3, action: .startFocus, then: then))
    // The waiter is not waited for: its call is.
    while calls.count < 2, ContinuousClock.now < deadline + .seconds(10) {
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(20))
    }
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(500))
    #expect(calls.count == 2)
    #expect(!FileManager.default.fileExists(atPath: ran))
  }
}
