import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `history --ics` read back by a real iCalendar parser (Python's icalendar, which
/// scripts/setup installs): a note with every character RFC 5545 escapes, long UTF-8 text
/// folded, tags as categories.
@Suite struct HistoryCalendarTests {
  let database = TemporaryFolder("calendar").path("cadence.db")

  /// 2026-11-01 10:00 UTC.
  static let morning = 1_793_527_200

  static let note =
    "Chapter 3; then 4, 5\nand a line of its own\r\nback\\slash — "
    + String(repeating: "日本語 éè ✓ ", count: 30)

  static let parser = """
    import icalendar, json, sys
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    events = []
    for event in calendar.walk("VEVENT"):
        categories = event.get("categories")
        names = [str(c) for c in categories.cats] if categories is not None else []
        end = event.get("dtend")
        events.append({"uid": str(event.get("uid")), "summary": str(event.get("summary")),
                       "description": str(event.get("description")),
                       "start": int(event.decoded("dtstart").timestamp()),
                       "end": int(end.dt.timestamp()) if end is not None else None,
                       "utc": event.decoded("dtstart").utcoffset().total_seconds() == 0,
                       "categories": names})
    print(json.dumps({"name": str(calendar.get("x-wr-calname")), "events": events}))
    """

  func record(_ sessions: [SessionRecord]) throws {
    let store = try Store(path: database)
    for session in sessions { try store.record(session) }
  }

  static func session(
    _ kind: SessionRecord.Kind, routine: String, task: String? = nil, goal: String? = nil,
    tags: [String] = [], note: String? = nil, start: Int, seconds: Double
  ) -> SessionRecord {
    let begin = Date(timeIntervalSince1970: Double(start))
    return SessionRecord(
      kind: kind, routine: routine, task: task, goal: goal, tags: tags, startedAt: begin,
      endedAt: begin.addingTimeInterval(seconds), plannedMilliseconds: Int64(seconds * 1000),
      activeMilliseconds: Int64(seconds * 1000), outcome: .completed, note: note)
  }

  func parse(_ calendar: String) throws -> [String: Any] {
    try ICalendarReader.read(calendar, with: Self.parser)
  }

  @Test func sessionsAreEventsWithTheirNoteAndTags() throws {
    let focus = Self.session(
      .focus, routine: "Focus: Essay", task: "Essay", goal: "Exams",
      tags: ["study", "x;y", "back\\slash", "日本語"], note: Self.note, start: Self.morning,
      seconds: 25 * 60 + 0.7)
    let gym = Self.session(
      .routine, routine: "Legs, core; back", start: Self.morning + 86_400, seconds: 600)
    let blink = Self.session(
      .timer, routine: "Timer", start: Self.morning + 2 * 86_400, seconds: 0.4)
    try record([focus, gym, blink])
    let output = try CadenceProcess.run(
      ["history", "--ics"], environment: ["CADENCE_DB": database])
    #expect(output.status == 0, "\(output.standardError)")
    let text = output.standardOutput

    // RFC 5545: CR LF everywhere, no line over 75 octets, no fold inside a UTF-8 sequence.
    let bytes = Array(text.utf8)
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
    var line: [UInt8] = []
    var folds = 0
    for (offset, byte) in bytes.enumerated() {
      if byte == 10 {
        #expect(offset > 0 && bytes[offset - 1] == 13, "a bare LF at octet \(offset)")
        let content = line.dropLast()
        #expect(content.count <= 75, "too long: \(String(decoding: content, as: UTF8.self))")
        #expect(String(validating: content, as: UTF8.self) != nil, "a fold split a character")
        if content.first == 32 { folds += 1 }
        line = []
      } else {
        line.append(byte)
      }
    }
    #expect(folds > 3, "the long note should have been folded")
    #expect(text.contains("Chapter 3\\; then 4\\, 5\\nand a line of its own\\nback\\\\slash"))

    let parsed = try parse(text)
    #expect(parsed["name"] as? String == "Cadence sessions")
    let events = try #require(parsed["events"] as? [[String: Any]])
    try #require(events.count == 3)
    let first = events[0]
    #expect(first["uid"] as? String == "\(focus.uuid)@cadence")
    #expect(first["summary"] as? String == "Focus: Essay")
    #expect(first["start"] as? Int == Self.morning)
    #expect(first["end"] as? Int == Self.morning + 25 * 60)
    #expect(first["utc"] as? Bool == true)
    let note = Self.note.replacingOccurrences(of: "\r\n", with: "\n")
    let description = try #require(first["description"] as? String)
    #expect(description.hasPrefix(note + "\n\n"), "\(description)")
    #expect(description.hasSuffix("Task: Essay. Goal: Exams."))
    #expect(first["categories"] as? [String] == ["study", "x;y", "back\\slash", "日本語"])
    #expect(events[1]["summary"] as? String == "Legs, core; back")
    #expect(events[1]["categories"] as? [String] == [])
    // Under a second: a start and no end.
    #expect(events[2]["end"] is NSNull)

    // The same sessions, the same UIDs: a calendar importing it again updates, not doubles.
    let again = try CadenceProcess.run(
      ["history", "--ics", "--since", "2026-11-02"], environment: ["CADENCE_DB": database])
    let later = try #require(try parse(again.standardOutput)["events"] as? [[String: Any]])
    #expect(later.map { $0["uid"] as? String } == [gym.uuid, blink.uuid].map { "\($0)@cadence" })
  }

  @Test(arguments: ["--ics", "--timew"])
  func importTakesNeitherExport(_ flag: String) throws {
    let output = try CadenceProcess.run(
      ["history", "import", "-", flag], environment: ["CADENCE_DB": database], input: "[]")
    #expect(output.status == 64)
    #expect(
      output.standardError.hasPrefix(
        "Error: \(flag) is for cadence history, not history import; leave it out\n"))
  }

  @Test func anEmptyHistoryIsAnEmptyCalendar() throws {
    let output = try CadenceProcess.run(
      ["history", "--ics"], environment: ["CADENCE_DB": database])
    #expect(output.status == 0, "\(output.standardError)")
    let parsed = try parse(output.standardOutput)
    #expect((parsed["events"] as? [Any])?.isEmpty == true)
    #expect(!FileManager.default.fileExists(atPath: database), "a read made no database")
  }
}
