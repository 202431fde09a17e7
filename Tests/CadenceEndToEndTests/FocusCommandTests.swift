import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `focus` and `timer` without a terminal, for scripts: what is on offer, one session, and
/// bad input; and a countdown that ends with nobody watching.
@Suite(.timeLimit(.minutes(10))) struct FocusCommandTests {
  let folder = TemporaryFolder("focus").url
  var database: String { folder.appendingPathComponent("cadence.db").path }

  @discardableResult
  func cadence(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CadenceProcess.Output
  {
    try CadenceProcess.run(
      arguments + ["--db", database], environment: environment)
  }

  @Test func theOfferAndItsLengthAreRememberedAcrossRuns() throws {
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 25m\n")
    #expect(try cadence(["config", "set", "focus", "40m"]).status == 0)
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 40m\n")
    let json = try cadence(["focus", "--next", "--json"]).standardOutput
    #expect(json.contains(#""offer":"focus","length_ms":2400000"#))
    // A focus stopped at once: it earns nothing, and focus is offered again at its length,
    // which --length set and Cadence now remembers.
    let running = try CadenceProcess.start(
      ["focus", "--length", "3m", "--plain", "--mute", "--no-notify", "--db", database])
    #expect(running.waitForOutput { $0.contains("Focus: go!") })
    running.type("q\n")
    #expect(running.wait() == 0)
    #expect(
      running.standardOutput.contains("Focus stopped (3m): no coins (0 in all). Next: focus 3m."))
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 3m\n")
    let sessions = try Store(path: database, readOnly: true).sessions()
    #expect(sessions.map(\.kind) == [.focus])
    #expect(sessions.first?.outcome == .stopped)
    #expect(sessions.first?.coins == 0)
  }

  @Test(arguments: [
    (["focus", "--break", "--plain"], 69, "No break is on offer"),
    (["focus", "Nope", "--plain"], 65, "There is no task called \"Nope\""),
    (["focus", "--length", "90h", "--plain"], 64, "--length takes a length from 1m to 12h"),
    (["focus", "--next", "--break"], 64, "--next only prints"),
    (["timer", "--plain"], 64, "the presets are 5m, 10m, 15m, 25m, 45m, 1h"),
    (["timer", "soon", "--plain"], 64, "\"soon\" is not a timer length"),
    (["timer", "--task", "Nope", "--plain"], 65, "There is no task called \"Nope\""),
  ])
  func badInputIsOneLine(_ arguments: [String], _ status: Int, _ text: String) throws {
    let output = try cadence(arguments)
    #expect(output.status == Int32(status))
    #expect(output.standardError.contains(text), "\(output.standardError)")
    RefusalForm.expect(output.standardError, status: Int32(status), arguments: arguments)
    #expect(((try? Store(path: database, readOnly: true).sessions()) ?? []).isEmpty)
  }

  /// timer and focus read run's typed options: the parser refuses a bad volume or style, or
  /// --json with --plain, before anything counts (they were once taken as they came).
  @Test(arguments: [
    (["timer", "1s", "--plain", "--volume", "200"], "--volume takes a whole number from 0 to 100"),
    (["timer", "1s", "--plain", "--style", "weird"], "--style takes digital or analogue"),
    (["timer", "1s", "--json", "--plain"], "--json and --plain cannot be given together"),
    (["focus", "--plain", "--volume", "x"], "--volume takes a whole number from 0 to 100"),
    (["focus", "--json", "--plain"], "--json and --plain cannot be given together"),
  ])
  func badOptionsAreRefusedByTheParser(_ arguments: [String], _ text: String) throws {
    let output = try cadence(arguments + ["--mute", "--no-notify"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix("Error: \(text)"), "\(output.standardError)")
    #expect(output.standardOutput.isEmpty)
    #expect(((try? Store(path: database, readOnly: true).sessions()) ?? []).isEmpty)
  }

  @Test func thePresetsComeFromTheSettings() throws {
    #expect(try cadence(["config", "set", "presets", "5,50,90s"]).status == 0)
    let output = try cadence(["timer"])
    #expect(output.standardError.contains("the presets are 5m, 50m, 1m30s"))
    #expect(try cadence(["config", "set", "presets", "5,banana"]).status == 64)
  }

  @Test func runWithALengthIsAOneOffTimerRecordedWithItsTask() throws {
    #expect(try cadence(["goal", "add", "Degree"]).status == 0)
    #expect(
      try cadence(["task", "add", "Essay", "--goal", "Degree", "--tags", "writing"]).status == 0)
    let output = try cadence(["run", "1s", "--plain", "--mute", "--no-notify", "--task", "Essay"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("Timer: Essay (1s)"))
    let session = try #require(try Store(path: database, readOnly: true).sessions().first)
    #expect(session.kind == .timer)
    #expect(session.outcome == .completed)
    #expect(session.task == "Essay")
    #expect(session.goal == "Degree")
    #expect(session.tags == ["writing"])
    #expect(session.coins == 0)
  }

  @Test func aCountdownWhoseTerminalClosesStillRingsNotifiesAndIsRecorded() throws {
    let tools = folder.appendingPathComponent("tools")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    let log = tools.appendingPathComponent("calls.log")
    for tool in ["aplay", "notify-send"] {
      let url = tools.appendingPathComponent(tool)
      try ExecutableScript.write("#!/bin/sh\necho \"\(tool) $*\" >> \(log.path)\n", to: url.path)
    }
    let tmux = Tmux()
    defer { tmux.stop() }
    let path = "\(tools.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
    try tmux.start(
      "gone", "PATH=\(path) CADENCE_DB=\(database) \(CadenceProcess.binary.path) timer 3s")
    try tmux.wait("gone") { $0.contains("space pause · q stop") }
    // Closing the terminal: the process gets SIGHUP and nobody is watching any more.
    tmux.stop()
    let deadline = Date().addingTimeInterval(15)
    var sessions: [SessionRecord] = []
    while Date() < deadline {
      sessions = (try? Store(path: database, readOnly: true).sessions()) ?? []
      if !sessions.isEmpty { break }
      usleep(100_000)
    }
    #expect(sessions.first?.outcome == .completed)
    // The notification is sent off the run's timing, as the session is recorded.
    var calls = ""
    while Date() < deadline, !calls.contains("notify-send") {
      calls = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      usleep(50_000)
    }
    #expect(calls.contains("notify-send"), "\(calls)")
    #expect(calls.contains("aplay"), "\(calls)")
  }

  @Test func aKilledTimerIsResumedAsATimer() throws {
    let running = try CadenceProcess.start(
      ["timer", "2s", "--plain", "--mute", "--no-notify", "--db", database])
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let runs = try? Store(path: database, readOnly: true).activeRuns(), !runs.isEmpty { break }
      usleep(10_000)
    }
    kill(running.process.processIdentifier, SIGKILL)
    _ = running.wait()
    usleep(2_200_000)
    let resumed = try cadence(["resume", "--plain", "--mute", "--no-notify"])
    #expect(resumed.standardOutput.contains("Timer finished while Cadence was away"))
    let session = try #require(try Store(path: database, readOnly: true).sessions().first)
    #expect(session.kind == .timer)
    #expect(session.outcome == .completed)
  }
}
