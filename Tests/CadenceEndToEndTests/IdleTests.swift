import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// A focus that pauses itself while its person is away, for real: an X server (Xvfb), its
/// idle time read by xprintidle, and the person's return simulated with xdotool. The idle
/// threshold is 1.5 s through the debug build's CADENCE_TEST_IDLE_MS, so each test takes
/// seconds.
@Suite(.serialized, .timeLimit(.minutes(10))) struct IdleTests {
  let folder = TemporaryFolder("idle").url

  var database: String { folder.appendingPathComponent("cadence.db").path }
  var runtime: String { folder.appendingPathComponent("runtime").path }

  func environment(display: String) -> [String: String] {
    [
      "CADENCE_DB": database, "XDG_RUNTIME_DIR": runtime, "DISPLAY": display,
      "XDG_SESSION_ID": "", "CADENCE_TEST_IDLE_MS": "1500",
    ]
  }

  @discardableResult
  func cadence(_ arguments: [String], _ environment: [String: String]) throws -> String {
    let output = try CadenceProcess.run(arguments, environment: environment)
    #expect(output.status == 0, "\(arguments): \(output.standardError)")
    return output.standardOutput
  }

  /// The run's JSON event lines by event name (the last of each).
  func events(_ run: LiveProcess) -> [String: [String: Any]] {
    var found: [String: [String: Any]] = [:]
    for (_, line) in run.lines {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let name = object["event"] as? String
      else { continue }
      found[name] = object
    }
    return found
  }

  func milliseconds(_ event: [String: Any]?, _ key: String) -> Int64 {
    (event?[key] as? NSNumber)?.int64Value ?? -1
  }

  @Test func theIdleSettingsTakeWhatTheyMeanAndRefuseTheRest() throws {
    let environment = environment(display: "")
    let list = try cadence(["config", "list"], environment)
    #expect(list.contains("idle = off (default)\n"))
    #expect(list.contains("idle.return = discard (default)\n"))
    #expect(list.contains("idle.command = (none)\n"))
    #expect(try cadence(["config", "set", "idle", "90s"], environment) == "idle = 1m30s\n")
    #expect(try cadence(["config", "set", "idle", "OFF"], environment) == "idle = off\n")
    #expect(
      try cadence(["config", "set", "idle.return", "Keep"], environment) == "idle.return = keep\n")
    for (key, value, said) in [
      ("idle", "10s", "Error: idle takes off or a length from 1m to 12h, such as 5m, not \"10s\""),
      ("idle", "13h", "Error: idle takes off or a length from 1m to 12h"),
      ("idle.return", "maybe", "Error: idle.return takes keep or discard, not \"maybe\""),
      ("idle.command", "xprintidle 'open", "Error: idle.command takes a command and its arguments"),
    ] {
      let refused = try CadenceProcess.run(["config", "set", key, value], environment: environment)
      #expect(refused.status == 64)
      #expect(refused.standardError.hasPrefix(said), "\(refused.standardError)")
    }
  }

  @Test(arguments: ["discard", "keep"])
  func aFocusPausesAsOfWhenThePersonWentIdleAndOnTheirReturnAppliesTheSetting(choice: String)
    throws
  {
    let x = try XvfbServer()
    defer { x.stop() }
    let environment = environment(display: x.display)
    try cadence(["config", "set", "idle", "5m"], environment)
    try cadence(["config", "set", "idle.return", choice], environment)
    try x.moveMouse(5, 5)
    let run = try CadenceProcess.start(
      ["focus", "--length", "1m", "--json", "--mute", "--no-notify"], environment: environment)
    #expect(run.waitForLine { $0.contains(#""event":"start""#) })
    // Active again as it starts, however long the start took on a busy machine.
    try x.moveMouse(6, 6)
    let started = run.lines.first?.at ?? 0
    usleep(300_000)
    // The last activity: from here the person is away.
    try x.moveMouse(10, 10)
    let left = LiveProcess.now() - run.started - started
    #expect(run.waitForLine(seconds: 10) { $0.contains(#""event":"paused""#) })
    let noticed = LiveProcess.now() - run.started - started
    usleep(1_000_000)
    try x.moveMouse(40, 40)
    #expect(run.waitForLine(seconds: 10) { $0.contains(#""event":"resumed""#) })
    if choice == "keep" {
      #expect(run.waitForLine(seconds: 5) { $0.contains(#""event":"credited""#) })
    }
    usleep(300_000)
    try cadence(["stop"], environment)
    _ = run.wait()

    let seen = events(run)
    let paused = milliseconds(seen["paused"], "at_ms")
    let resumed = milliseconds(seen["resumed"], "at_ms")
    let stopped = milliseconds(seen["stopped"], "at_ms")
    // Backdated: paused where the mouse last moved, not 1.5 s later where it was noticed.
    #expect(Double(paused) / 1000 > left - 0.5, "paused at \(paused) ms, left at \(left) s")
    #expect(
      Double(paused) / 1000 < noticed - 1.0, "paused at \(paused) ms, noticed at \(noticed) s")
    #expect(milliseconds(seen["paused"], "late_ms") >= 1000)
    #expect(resumed > paused + 900)
    let elapsed = milliseconds(seen["stopped"], "elapsed_ms")
    let errors = run.standardError
    #expect(
      errors.contains("Paused: idle for ")
        && errors.contains(" s; the focus goes on when you are back."),
      "\(errors)")
    if choice == "keep" {
      // The time away counts as focus after all: all of the run is focus.
      #expect(abs(milliseconds(seen["credited"], "amount_ms") - (resumed - paused)) <= 20)
      #expect(abs(elapsed - stopped) <= 20, "elapsed \(elapsed) of \(stopped)")
      #expect(errors.contains("idle: kept it as focus (idle.return is keep)."), "\(errors)")
    } else {
      #expect(seen["credited"] == nil)
      #expect(abs(elapsed - (paused + stopped - resumed)) <= 20, "elapsed \(elapsed)")
      #expect(
        errors.contains("idle: it does not count as focus (idle.return is discard)."), "\(errors)")
    }
    let session = try #require(try Store(path: database, readOnly: true).sessions().first)
    #expect(session.kind == .focus)
    #expect(abs(session.activeMilliseconds - elapsed) <= 20)
    #expect(session.pauses == 1)
  }

  @Test func theViewAsksOnReturnAndKeepsTheIdleTimeOnK() throws {
    let x = try XvfbServer()
    defer { x.stop() }
    let environment = environment(display: x.display)
    try cadence(["config", "set", "idle", "5m"], environment)
    let tmux = Tmux()
    defer { tmux.stop() }
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }
      .joined(separator: " ")
    try tmux.start(
      "idle",
      "env \(variables) \(CadenceProcess.binary.path) focus --length 1m --mute --no-notify; echo EXIT=$?; sleep 60"
    )
    try tmux.wait("idle") { $0.contains("Enter start") }
    try x.moveMouse(5, 5)
    try tmux.keys("idle", ["Enter"])
    try tmux.wait("idle") { $0.contains("space pause") }
    try x.moveMouse(10, 10)
    var text = try tmux.wait("idle", seconds: 10) {
      $0.contains("FOCUS · PAUSED") && $0.contains("Paused: idle for ")
    }
    usleep(800_000)
    try x.moveMouse(40, 40)
    // Counting again while it asks: the question and the resumed state may reach the screen
    // in two frames, so the frame waited for is the one with both.
    text = try tmux.wait("idle", seconds: 10) {
      $0.contains("k keep idle time · d discard it") && !$0.contains("PAUSED")
    }
    #expect(text.contains("idle: k keeps it as focus, d discards it."))
    try tmux.keys("idle", ["k"])
    text = try tmux.wait("idle") { $0.contains("of idle time as focus.") }
    #expect(!text.contains("k keep idle time"))
    try tmux.keys("idle", ["q"])
    try tmux.wait("idle") { $0.contains("Focus stopped") }
    try tmux.keys("idle", ["q"])
    try tmux.wait("idle") { $0.contains("EXIT=0") }
    let session = try #require(try Store(path: database, readOnly: true).sessions().first)
    // The idle time was kept: the focus counted all the time it ran.
    let ran = Int64(session.endedAt.timeIntervalSince(session.startedAt) * 1000)
    #expect(session.activeMilliseconds >= ran - 300, "\(session.activeMilliseconds) of \(ran)")
    #expect(session.pauses == 1)
  }

  @Test func aSourceThatPrintsGarbageIsToldOnceAndNoSourceIsOneSentence() throws {
    let script = try CadenceProcess.temporaryFile("idle.sh", "echo 'idle: a while'\n")
    var environment = environment(display: "")
    environment["CADENCE_TEST_IDLE_MS"] = "600"
    try cadence(["config", "set", "idle", "5m"], environment)
    try cadence(["config", "set", "idle.command", "sh \(script)"], environment)
    var run = try CadenceProcess.start(
      ["focus", "--length", "1m", "--plain", "--mute", "--no-notify"], environment: environment)
    #expect(run.waitForLine { $0.contains("start") })
    // Several readings: a reading that fails is tried again each 600 ms.
    usleep(2_500_000)
    try cadence(["stop"], environment)
    _ = run.wait()
    let told =
      run.standardError.components(
        separatedBy: "printed \"idle: a while\", not a whole number of milliseconds idle"
      ).count - 1
    #expect(told == 1, "\(run.standardError)")
    #expect(!run.lines.contains { $0.line.contains("paused") })

    try cadence(["config", "unset", "idle.command"], environment)
    run = try CadenceProcess.start(
      ["focus", "--length", "1m", "--plain", "--mute", "--no-notify"], environment: environment)
    #expect(run.waitForLine { $0.contains("start") })
    usleep(1_000_000)
    try cadence(["stop"], environment)
    _ = run.wait()
    let lines = run.standardError.split(separator: "\n").filter { $0.contains("Idle detection") }
    #expect(
      lines == [
        "Idle detection is unavailable (DISPLAY is not set, so there is no X11 display for xprintidle; XDG_SESSION_ID is not set, so systemd-logind cannot be asked), so this focus will not pause when you are away; set idle.command to a command that prints idle milliseconds, or turn it off with cadence config set idle off."
      ], "\(run.standardError)")
  }
}
