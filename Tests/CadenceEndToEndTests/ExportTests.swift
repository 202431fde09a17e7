import CadenceTestSupport
import Foundation
import Testing

/// `plan --ics` read back by a real iCalendar parser (Python's icalendar, which scripts/setup
/// installs), and `plan --svg` rendered by rsvg-convert.
@Suite struct ExportTests {
  /// A warm-up, then two rounds of a set and a rest: 6 minutes, with a reminder at 45 s.
  static let routine = """
    return {
      name = "Legs, core; back\\\\arms — a long name for folding: éèêë ÅÄÖ 日本語 ✓✓✓",
      steps = {
        { "Warm-up", "1m", every = "45s", reminder = "Breathe, slowly" },
        { rounds = 2, steps = { { "Set", "2m" }, { "Rest", "30s", kind = "pause" } } },
      },
    }
    """

  /// The calendar as the parser reads it: each event's summary, start and end (Unix seconds),
  /// and each alarm's instant and description.
  struct ParsedEvent: Equatable, CustomStringConvertible {
    var summary: String
    var start: Int
    var end: Int
    var alarms: [String]
    var description: String { "\(summary) \(start)-\(end) \(alarms)" }
  }

  static let parser = """
    import icalendar, json, sys, datetime
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    def unix(value): return int((value - epoch).total_seconds())
    events = []
    for event in calendar.walk("VEVENT"):
        start, end = event.decoded("dtstart"), event.decoded("dtend")
        assert event.get("uid") and event.get("dtstamp"), "UID and DTSTAMP are required"
        alarms = []
        for alarm in event.walk("VALARM"):
            assert str(alarm.get("action")) == "DISPLAY"
            trigger = alarm.get("trigger")
            base = end if trigger.params.get("RELATED") == "END" else start
            at = trigger.dt if isinstance(trigger.dt, datetime.datetime) else base + trigger.dt
            alarms.append("%d %s" % (unix(at), alarm.decoded("description").decode()))
        events.append({"summary": str(event.get("summary")), "start": unix(start),
                       "end": unix(end), "alarms": alarms})
    print(json.dumps({"name": str(calendar.get("x-wr-calname")), "events": events}))
    """

  func parse(_ calendar: String) throws -> (name: String, events: [ParsedEvent]) {
    let object = try ICalendarReader.read(calendar, with: Self.parser)
    let events = try #require(object["events"] as? [[String: Any]])
    return (
      object["name"] as? String ?? "",
      events.map {
        ParsedEvent(
          summary: $0["summary"] as? String ?? "", start: $0["start"] as? Int ?? -1,
          end: $0["end"] as? Int ?? -1, alarms: $0["alarms"] as? [String] ?? [])
      }
    )
  }

  @Test func calendarHasAnEventPerWorkSegmentAndAnAlarmAtEveryInstant() throws {
    let file = try CadenceProcess.temporaryFile("legs.lua", Self.routine)
    let output = try CadenceProcess.run(
      ["plan", file, "--ics", "--start", "2026-12-01T09:00Z"])
    #expect(output.status == 0, "\(output.standardError)")
    let text = output.standardOutput

    // RFC 5545: CR LF everywhere, no line over 75 octets, folds never inside a character.
    let bytes = Array(text.utf8)
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    for (offset, byte) in bytes.enumerated() where byte == 10 {
      #expect(offset > 0 && bytes[offset - 1] == 13, "a bare LF at octet \(offset)")
    }
    let lines = text.components(separatedBy: "\r\n").dropLast()
    for line in lines {
      #expect(line.utf8.count <= 75, "too long: \(line)")
      #expect(!line.contains("\n") && !line.contains("\r"))
    }
    #expect(lines.contains { $0.hasPrefix(" ") }, "the long name should have been folded")
    for header in ["VERSION:2.0", "PRODID:-//Cadence//", "BEGIN:VEVENT", "DTSTAMP:"] {
      #expect(lines.contains { $0.hasPrefix(header) }, "no \(header)")
    }
    #expect(text.contains("Breathe\\, slowly"), "TEXT escapes a comma")

    let name = "Legs, core; back\\arms — a long name for folding: éèêë ÅÄÖ 日本語 ✓✓✓"
    let parsed = try parse(text)
    #expect(parsed.name == name)
    let nine = 1_796_115_600  // 2026-12-01T09:00:00Z
    func at(_ seconds: Int, _ text: String) -> String { "\(nine + seconds) \(text)" }
    #expect(
      parsed.events == [
        ParsedEvent(
          summary: "\(name): Warm-up", start: nine, end: nine + 60,
          alarms: [at(0, "Warm-up starts, 1:00"), at(45, "Breathe, slowly")]),
        ParsedEvent(
          summary: "\(name): Set 1/2", start: nine + 60, end: nine + 180,
          alarms: [
            at(60, "Set 1/2 starts, 2:00"), at(90, "25% done"),
            at(180, "50% done · Rest 1/2 starts, 0:30"),
          ]),
        ParsedEvent(
          summary: "\(name): Set 2/2", start: nine + 210, end: nine + 330,
          alarms: [
            at(210, "Set 2/2 starts, 2:00"), at(270, "75% done"),
            at(330, "Rest 2/2 starts, 0:30"), at(360, "100% done · \(name) finished"),
          ]),
      ])
  }

  @Test func alarmsBeforeTheFirstWorkAndAfterItAreRelativeToIt() throws {
    let file = try CadenceProcess.temporaryFile(
      "first.lua",
      #"return { name = "P", steps = { { "Breathe", "30s", kind = "pause" }, { "Go", "1m" }, { "Wait", kind = "manual" } } }"#
    )
    let output = try CadenceProcess.run(["plan", file, "--ics", "--start", "2026-12-01T09:00Z"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("TRIGGER:-PT30S\r\n"))
    let nine = 1_796_115_600
    #expect(
      try parse(output.standardOutput).events == [
        ParsedEvent(
          summary: "P: Go", start: nine + 30, end: nine + 90,
          alarms: [
            "\(nine) Breathe starts, 0:30", "\(nine + 23) 25% done", "\(nine + 30) Go starts, 1:00",
            "\(nine + 45) 50% done", "\(nine + 68) 75% done",
            "\(nine + 90) 100% done · Wait: your move · P finished",
          ])
      ])
  }

  @Test func frameWithAFinishTimeEndsThereFromTheGivenStart() throws {
    let file = try CadenceProcess.temporaryFile(
      "afternoon.lua", "return { frame = { finish = \"17:30\", intervals = 2, pause = \"10m\" } }")
    let output = try CadenceProcess.run(
      ["plan", file, "--ics", "--start", "2026-12-01T15:30Z"], environment: ["TZ": "UTC"])
    #expect(output.status == 0, "\(output.standardError)")
    let events = try parse(output.standardOutput).events
    let half = 1_796_139_000  // 2026-12-01T15:30:00Z
    #expect(events.map(\.start) == [half, half + 3900])
    #expect(events.map(\.end) == [half + 3300, half + 7200])
  }

  @Test func badStartIsAUsageError() throws {
    let output = try CadenceProcess.run(
      ["plan", "examples/revision.lua", "--ics", "--start", "half past nine"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("\"half past nine\" is not a time"))
  }

  @Test func pictureRendersAndLabelsIntervalPointsAndQuarters() throws {
    let file = try CadenceProcess.temporaryFile(
      "revision.lua",
      "return { name = \"Maths <& \\\"stats\\\">\", frame = { length = \"2h\", intervals = 4 } }")
    let picture = URL(fileURLWithPath: file).deletingLastPathComponent()
      .appendingPathComponent("plan.svg")
    let output = try CadenceProcess.run(
      ["plan", file, "--svg", picture.path, "--start", "2026-12-01T09:00"],
      environment: ["TZ": "Europe/London"])
    #expect(output.status == 0, "\(output.standardError)")
    let svg = try String(contentsOf: picture, encoding: .utf8)
    #expect(svg.contains("Maths &lt;&amp; \"stats\"&gt;"))
    // Seed 000's points: X at the start, X1… at the later intervals, Y at the finish.
    for label in ["X", "X1", "X2", "X3", "Y", "25%", "50%", "75%", "100%", "09:00", "11:00"] {
      #expect(svg.contains(">\(label)</text>"), "no label \(label)")
    }
    #expect(!svg.contains(">X4</text>"))
    let png = picture.deletingPathExtension().appendingPathExtension("png")
    let render = try CadenceProcess.runTool(
      "/usr/bin/rsvg-convert", [picture.path, "-o", png.path])
    #expect(
      render.status == 0,
      "rsvg-convert (scripts/setup installs librsvg2-bin): \(render.standardError)")
    #expect(render.standardError.isEmpty, "\(render.standardError)")
    let header = try Data(contentsOf: png).prefix(8)
    #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    let toStandardOutput = try CadenceProcess.run(["plan", file, "--svg", "-"])
    #expect(toStandardOutput.standardOutput.hasPrefix("<?xml"))
    #expect(toStandardOutput.standardOutput.hasSuffix("</svg>\n"))
  }

  /// A recipe's picture names every step, shortened to its bar with the whole name as a
  /// tooltip, and has none of seed 000's X and Y points, which belong to frame routines.
  @Test func aRoutineOfStepsNamesEachStepAndHasNoIntervalPoints() throws {
    let file = try CadenceProcess.temporaryFile(
      "recipe.lua",
      """
      return { name = "Roast", steps = {
        { "Preheat oven", "10m" }, { "Season the chicken thoroughly", "4m" },
        { "Roast", "60m" }, { "Rest", "10m", kind = "pause" },
      } }
      """)
    let output = try CadenceProcess.run(["plan", file, "--svg", "-"])
    #expect(output.status == 0, "\(output.standardError)")
    let svg = output.standardOutput
    #expect(svg.contains(">Preheat oven</text>"), "\(svg)")
    #expect(svg.contains(">Roast</text>") && svg.contains(">Rest</text>"))
    // The four-minute step's bar is narrow: its name is cut with an ellipsis, whole in a title.
    #expect(svg.contains("<title>Season the chicken thoroughly</title>S"), "\(svg)")
    #expect(svg.contains("…</text>"))
    for point in [">X</text>", ">X1</text>", ">Y</text>", "interval points"] {
      #expect(!svg.contains(point), "\(point)")
    }
  }

  @Test func everyExampleRendersWithoutErrors() throws {
    let folder = CadenceProcess.root.appendingPathComponent("examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".lua") }.sorted()
    #expect(names.count >= 5)
    let scratch = try TemporaryFolder("svg").created().url
    defer { try? FileManager.default.removeItem(at: scratch) }
    for name in names {
      let picture = scratch.appendingPathComponent(name + ".svg")
      let output = try CadenceProcess.run(["plan", "examples/\(name)", "--svg", picture.path])
      #expect(output.status == 0, "\(name): \(output.standardError)")
      let render = try CadenceProcess.runTool(
        "/usr/bin/rsvg-convert", [picture.path, "-o", picture.path + ".png"])
      #expect(
        render.status == 0 && render.standardError.isEmpty, "\(name): \(render.standardError)")
      if name == "cooking.lua" {
        #expect(try String(contentsOf: picture, encoding: .utf8).contains(">reminders</text>"))
      }
    }
  }

  @Test func watchPlansAgainOnEverySaveAndShowsErrorsInPlace() throws {
    let file = try CadenceProcess.temporaryFile(
      "watched.lua", "return { name = \"First\", steps = { { \"Set\", \"2m\" } } }")
    let watch = try CadenceProcess.start(["plan", file, "--watch"])
    defer { if watch.process.isRunning { watch.process.terminate() } }
    #expect(watch.waitForOutput { $0.contains("First: 1 segment, 2m in all") })

    try "return { name = \"Second\", steps = { { \"Set\", \"3m\" }, { \"Set\", \"1m\" } } }"
      .write(toFile: file, atomically: false, encoding: .utf8)
    #expect(watch.waitForOutput { $0.contains("Second: 2 segments, 4m in all") })

    try "return { name = \"Third\", steps = { { \"Set\", \"2 minutes\" } } }"
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(watch.waitForOutput { $0.contains("steps[1].duration") })
    #expect(watch.process.isRunning, "an error must not end the watch")

    try "return { name = \"Fourth\", steps = { { \"Set\", \"5m\" } } }"
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(watch.waitForOutput { $0.contains("Fourth: 1 segment, 5m in all") })
    watch.type("q\n")
    #expect(watch.wait() == 0)
  }

  @Test func watchWithJSONPrintsOnlyJSONOnStandardOutput() throws {
    let file = try CadenceProcess.temporaryFile(
      "watched.lua", "return { name = \"First\", steps = { { \"Set\", \"2m\" } } }")
    let watch = try CadenceProcess.start(["plan", file, "--watch", "--json"])
    defer { if watch.process.isRunning { watch.process.terminate() } }
    #expect(watch.waitForOutput { $0.contains("First") })
    watch.type("q\n")
    #expect(watch.wait() == 0)
    let lines = watch.standardOutput.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any],
        "not a JSON object: \(line)")
    }
    #expect(watch.standardError.hasPrefix("-- "))
  }
}
