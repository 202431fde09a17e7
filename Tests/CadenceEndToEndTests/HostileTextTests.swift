import CadenceTestSupport
import Foundation
import Testing

/// A stranger's routine whose every text tries to drive the terminal (OSC 52 writes the
/// clipboard, OSC 0 the window title, CSI 2J clears the screen), ring the bell, overwrite the
/// line, reverse the text, pass itself off as an option of notify-send and break a CSV record.
/// No command lets a raw control through; JSON and CSV give the text back whole.
@Suite(.timeLimit(.minutes(10))) struct HostileTextTests {
  /// ESC ] 52, ESC ] 0, ESC [ 2J, BEL, CR, a right-to-left override and a C1 CSI.
  static let evil = "\u{1B}]52;c;SGVsbG8=\u{7}\u{1B}]0;pwned\u{7}\u{1B}[2J\u{7}\r\u{202E}\u{9B}"
  static let name = "--app-name=x" + evil + "\n=1+2"
  static let step = "--step" + evil
  static let flavour = "-" + evil
  static let reminder = "-rem" + evil

  static let source = source(work: "400ms", pause: "300ms")

  static func source(work: String, pause: String) -> String {
    """
    local evil = "\\27]52;c;SGVsbG8=\\7\\27]0;pwned\\7\\27[2J\\7\\r\\226\\128\\174\\194\\155"
    return {
      name = "--app-name=x" .. evil .. "\\n=1+2",
      params = { flavour = "-" .. evil },
      steps = {
        { "--step" .. evil, "\(work)", reminders = { { at = { "200ms" }, label = "-rem" .. evil } } },
        { "$flavour", "\(pause)", kind = "pause" },
      },
      milestones = { 0.5 },
      on_reminder = function(ctx) return { message = "--msg" .. evil, title = "--title" .. evil } end,
      on_pause = function(ctx) error("--oops" .. evil) end,
    }
    """
  }

  /// Fails for any scalar a terminal could act on: C0 controls but the line feed, DEL, the
  /// C1 controls and the bidirectional controls.
  static func expectInert(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bad = InertText.actionable(text)
    #expect(
      bad.isEmpty, "\(what) let through \(bad.map { String($0.value, radix: 16) })",
      sourceLocation: sourceLocation)
  }

  func workspace() throws -> (routine: String, database: String) {
    let routine = try CadenceProcess.temporaryFile("hostile.lua", Self.source)
    let database = URL(fileURLWithPath: routine).deletingLastPathComponent()
      .appendingPathComponent("cadence.db").path
    return (routine, database)
  }

  @Test func checkPlanAndSimulateShowEveryTextEscaped() throws {
    let (routine, _) = try workspace()
    for arguments in [
      ["check", routine], ["plan", routine], ["plan", routine, "--json"], ["simulate", routine],
      ["simulate", routine, "--json"],
    ] {
      let output = try CadenceProcess.run(arguments)
      #expect(output.status == 0, "\(arguments): \(output.standardError)")
      Self.expectInert(output.standardOutput, "\(arguments[0]) standard output")
      Self.expectInert(output.standardError, "\(arguments[0]) standard error")
    }
    let check = try CadenceProcess.run(["check", routine])
    #expect(
      check.standardOutput.contains(
        "--app-name=x\\u{1B}]52;c;SGVsbG8=\\u{7}\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{7}\\r\\u{202E}\\u{9B}\\n=1+2, 2 segments"
      ))
    let plan = try CadenceProcess.run(["plan", routine])
    #expect(plan.standardOutput.contains("-rem\\u{1B}]52;c;SGVsbG8=\\u{7}"))
    #expect(plan.standardOutput.contains("flavour = -\\u{1B}]52;c;"))
    let simulate = try CadenceProcess.run(["simulate", routine])
    #expect(simulate.standardError.contains("on_pause failed: --oops\\u{1B}]52;c;SGVsbG8=\\u{7}"))
  }

  @Test func planAndSimulateJSONGiveTheTextsBackWhole() throws {
    let (routine, _) = try workspace()
    let plan = try CadenceProcess.run(["plan", routine, "--json"])
    let object =
      try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any]
    #expect(object?["name"] as? String == Self.name)
    let segments = object?["segments"] as? [[String: Any]] ?? []
    #expect(segments.compactMap { $0["name"] as? String } == [Self.step, Self.flavour])
    let events = object?["events"] as? [[String: Any]] ?? []
    #expect(events.first?["label"] as? String == Self.reminder)
    #expect((object?["parameters"] as? [String: Any])?["flavour"] as? String == Self.flavour)

    let simulate = try CadenceProcess.run(["simulate", routine, "--json"])
    let lines = try simulate.standardOutput.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == 8)
    #expect(lines.contains { $0?["label"] as? String == Self.reminder })
    #expect(lines.contains { $0?["name"] as? String == Self.step })
  }

  @Test func runHistoryAndStatsLetNoControlThroughAndNotifySendReadsNoOption() throws {
    let (routine, database) = try workspace()
    let tools = try ArgumentRecorder()
    let environment = ["PATH": tools.directory.path + ":/usr/bin:/bin"]
    for mode in ["--plain", "--json"] {
      let output = try CadenceProcess.run(
        ["run", routine, mode, "--db", database, "--task", "=HYPERLINK(\"x\")"],
        environment: environment)
      #expect(output.status == 0, "\(output.standardError)")
      Self.expectInert(output.standardOutput, "run \(mode) standard output")
      Self.expectInert(output.standardError, "run \(mode) standard error")
      #expect(output.standardError.contains("on_pause failed: --oops\\u{1B}]52;c;"))
      if mode == "--json" {
        let names = try output.standardOutput.split(separator: "\n").compactMap {
          (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["name"]
            as? String
        }
        #expect(Set(names) == [Self.step, Self.flavour])
      }
    }
    let table = try CadenceProcess.run(["history", "--db", database])
    Self.expectInert(table.standardOutput, "history")
    #expect(table.standardOutput.contains("--app-name=x\\u{1B}]52;c;"))
    let json = try CadenceProcess.run(["history", "--db", database, "--json"])
    Self.expectInert(json.standardOutput, "history --json")
    let sessions =
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
      ?? []
    #expect(sessions.map { $0["routine"] as? String } == [Self.name, Self.name])
    let stats = try CadenceProcess.run(["stats", "--db", database])
    Self.expectInert(stats.standardOutput, "stats")
    #expect(stats.standardOutput.contains("--app-name=x\\u{1B}]52;c;"))

    let csv = try CadenceProcess.run(["history", "--db", database, "--csv"])
    let records = try StrictCSV.parse(csv.standardOutput)
    #expect(records.count == 3)  // the header and one record per session
    for record in records.dropFirst() {
      #expect(record.count == records[0].count)
      #expect(record[2] == "'" + Self.name)
      #expect(record[3] == "'=HYPERLINK(\"x\")")
    }

    let calls = try tools.calls(of: "notify-send", atLeast: 1)
    #expect(!calls.isEmpty)
    for call in calls {
      // The id asked for, then Cadence's own options, then `--` and the text.
      #expect(call.count == 6)
      #expect(call.prefix(2) == ["--print-id", "--app-name=Cadence"])
      #expect(call[3] == "--")
      for argument in call { Self.expectInert(argument, "a notify-send argument") }
    }
    #expect(calls.contains { $0[4].hasPrefix("--title ]52;c;") && $0[5].hasPrefix("--msg ]52;c;") })
  }

  @Test func aNulInANameIsStoredWholeAndShownEscaped() throws {
    let routine = try CadenceProcess.temporaryFile(
      "nul.lua", "return { name = 'a\\0b', steps = { { 'x\\0y', '100ms' } } }\n")
    let database = URL(fileURLWithPath: routine).deletingLastPathComponent()
      .appendingPathComponent("cadence.db").path
    let check = try CadenceProcess.run(["check", routine])
    #expect(check.standardOutput == "ok  \(routine): a\\u{0}b, 1 segment, 100ms\n")
    let run = try CadenceProcess.run(["run", routine, "--plain", "--mute", "--db", database])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("x\\u{0}y"))
    let json = try CadenceProcess.run(["history", "--db", database, "--json"])
    let sessions =
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
      ?? []
    #expect(sessions.first?["routine"] as? String == "a\u{0}b")
    let table = try CadenceProcess.run(["history", "--db", database])
    #expect(table.standardOutput.contains("a\\u{0}b"))
  }
}
