import CadenceTestSupport
import Foundation
import Testing

/// `dnd` with stand-ins for gsettings, makoctl and notify-send that record their calls in one
/// file: the focus's own notification at its end is sent after the notifications are back on,
/// mako's mode is added and removed, auto with nothing running says so once, and the setting
/// takes its five values.
@Suite(.timeLimit(.minutes(10))) struct DoNotDisturbStandInTests {
  let folder = TemporaryFolder("dnd-standins").url
  var database: String { folder.appendingPathComponent("cadence.db").path }
  var calls: [String] {
    let text = (try? String(contentsOf: folder.appendingPathComponent("calls"), encoding: .utf8))
    return (text ?? "").split(separator: "\n").map(String.init)
  }

  /// The stand-ins first on PATH, no session bus, and `extra`.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "CADENCE_DB": database, "PATH": "\(folder.path)/bin:/usr/bin:/bin",
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.path)/no-bus", "STATE": folder.path,
      "XDG_CURRENT_DESKTOP": "",
    ].merging(extra) { $1 }
  }

  func install(_ name: String, _ body: String) throws {
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let path = bin.appendingPathComponent(name).path
    try ExecutableScript.write(
      "#!/bin/sh\nprintf '%s\\n' \"\(name) $*\" >> \"$STATE/calls\"\n\(body)\n", to: path)
  }

  func state(_ name: String) -> String {
    let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    return (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @discardableResult
  func cadence(_ arguments: [String], _ extra: [String: String] = [:]) throws
    -> CadenceProcess.Output
  {
    try CadenceProcess.run(arguments, environment: environment(extra))
  }

  func poll(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  @Test func theFocusOwnNotificationIsSentAfterTheBannersAreBackOn() throws {
    try install(
      "gsettings",
      #"case "$1" in get) cat "$STATE/banners" ;; set) printf '%s\n' "$4" > "$STATE/banners" ;; esac"#
    )
    try install("notify-send", "")
    try "true\n".write(
      to: folder.appendingPathComponent("banners"), atomically: true, encoding: .utf8)
    let gnome = ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]
    #expect(try cadence(["config", "set", "dnd", "auto"]).status == 0)
    let running = try CadenceProcess.start(
      ["focus", "--length", "1m", "--plain", "--mute"], environment: environment(gnome))
    #expect(running.waitForOutput { $0.contains("Focus: go!") })
    #expect(poll { state("banners") == "false" })
    // Shortened to nothing, the focus ends and says so with a notification.
    #expect(try cadence(["adjust", "-1m"], gnome).status == 0)
    #expect(running.wait() == 0)
    #expect(state("banners") == "true")
    let restored = calls.firstIndex {
      $0 == "gsettings set org.gnome.desktop.notifications show-banners true"
    }
    let notified = calls.firstIndex { $0.hasPrefix("notify-send") }
    #expect(restored != nil && notified != nil && restored! < notified!, "\(calls)")
  }

  @Test func aRoutinesFocusStepIsQuietFromItsStartToItsEnd() throws {
    try install(
      "gsettings",
      #"""
      printf '%s\n' "$(date +%s%N)" >> "$STATE/times"
      case "$1" in get) cat "$STATE/banners" ;; set) printf '%s\n' "$4" > "$STATE/banners" ;; esac
      """#)
    try install("notify-send", "")
    try "true\n".write(
      to: folder.appendingPathComponent("banners"), atomically: true, encoding: .utf8)
    let routine = folder.appendingPathComponent("deep.lua")
    try """
    return { name = "Deep", quarters = false, steps = {
      { "Settle", "1s" }, { "Deep work", "2s", focus = true }, { "Rest", "1s", kind = "pause" },
    } }
    """.write(to: routine, atomically: true, encoding: .utf8)
    #expect(try cadence(["config", "set", "dnd", "gnome"]).status == 0)
    let started = Date()
    let ran = try cadence(["run", routine.path, "--plain", "--mute"])
    #expect(ran.status == 0, "\(ran.standardError)")
    #expect(state("banners") == "true")
    #expect(
      calls.filter { $0.hasPrefix("gsettings") } == [
        "gsettings get org.gnome.desktop.notifications show-banners",
        "gsettings set org.gnome.desktop.notifications show-banners false",
        "gsettings set org.gnome.desktop.notifications show-banners true",
      ])
    // Paused at the focus step's start (1 s in) and restored at its end (3 s in), never sooner.
    let times = state("times").split(separator: "\n").compactMap { Double($0) }.map {
      $0 / 1e9 - started.timeIntervalSince1970
    }
    #expect(times.count == 3 && times[1] >= 0.9 && times[2] >= 2.9, "\(times)")
    // The step after it (a pause) and the finish are notified once the banners are back.
    let restored = calls.firstIndex { $0.hasSuffix("show-banners true") }
    let notified = calls.lastIndex { $0.hasPrefix("notify-send") }
    #expect(restored != nil && notified != nil && restored! < notified!, "\(calls)")
    // Only true or false is a focus.
    try "return { steps = { { \"Work\", \"1m\", focus = \"yes\" } } }\n".write(
      to: routine, atomically: true, encoding: .utf8)
    let checked = try cadence(["check", routine.path])
    #expect(checked.status == 65)
    #expect(checked.standardError.contains("steps[1].focus"), "\(checked.standardError)")
  }

  @Test func makosDoNotDisturbModeIsOnOnlyWhileTheFocusCounts() throws {
    try install(
      "makoctl",
      #"""
      case "$2" in
        -a) printf '%s\n' "$3" >> "$STATE/modes" ;;
        -r) grep -vx -- "$3" "$STATE/modes" > "$STATE/modes.new"; mv "$STATE/modes.new" "$STATE/modes" ;;
      esac
      cat "$STATE/modes"
      """#)
    try "default\n".write(
      to: folder.appendingPathComponent("modes"), atomically: true, encoding: .utf8)
    #expect(try cadence(["config", "set", "dnd", "mako"]).status == 0)
    let running = try CadenceProcess.start(
      ["focus", "--length", "1m", "--plain", "--mute", "--no-notify"],
      environment: environment())
    #expect(poll { state("modes") == "default\ndo-not-disturb" })
    kill(running.process.processIdentifier, SIGTERM)
    _ = running.wait()
    #expect(state("modes") == "default")
    #expect(!FileManager.default.fileExists(atPath: database + "-dnd"))
  }

  @Test func autoWithNoDesktopToPauseSaysSoOnceAndRunsTheFocus() throws {
    #expect(try cadence(["config", "set", "dnd", "auto"]).status == 0)
    let running = try CadenceProcess.start(
      ["focus", "--length", "1m", "--plain", "--mute", "--no-notify"],
      environment: environment())
    let note = "none of dunst, mako or a GNOME session is running"
    #expect(poll { running.standardError.contains(note) })
    running.type("q\n")
    #expect(running.wait() == 0)
    #expect(running.standardOutput.contains("Focus stopped"))
    #expect(running.standardError.components(separatedBy: note).count == 2)
  }

  @Test func theSettingTakesItsFiveValuesAndSaysWhatEachDoes() throws {
    #expect(try cadence(["config", "list"]).standardOutput.contains("dnd = off (default)\n"))
    let set = try cadence(["config", "set", "dnd", "Dunst"])
    #expect(set.standardOutput == "dnd = dunst\n")
    let refused = try cadence(["config", "set", "dnd", "kde"])
    #expect(refused.status == 64)
    #expect(
      refused.standardError.contains(
        "dnd takes one of auto, dunst, mako, gnome, off, not \"kde\""), "\(refused.standardError)")
    let help = try cadence(["help", "config"]).standardOutput
    #expect(help.contains("auto (whichever of GNOME, dunst or mako is running)"), "\(help)")
  }
}
