import CadenceDesktop
import CadenceStore
import Foundation
import Testing

/// Sessions tracked in Debian's real Timewarrior, read back with `timew export`.
@Suite struct TimewarriorTests {
  /// 2026-11-01 10:00 UTC.
  static let morning = 1_793_527_200

  @Test func aFinishedSessionIsTrackedWithItsTags() throws {
    let world = TimewarriorWorld()
    let session = TimewarriorWorld.session(
      .focus, routine: "Focus: Essay", task: "Essay", goal: "Exams", tags: ["study", "english"],
      start: Self.morning, minutes: 25.5)
    #expect(try world.timew.track(session) == .tracked)
    let intervals = try world.export()
    #expect(
      intervals == [
        TimewarriorWorld.Interval(
          start: TimewarriorWorld.stamp(Self.morning),
          end: TimewarriorWorld.stamp(Self.morning + 25 * 60 + 30),
          tags: ["Essay", "Exams", "cadence", "english", "focus", "study"])
      ])
  }

  @Test func aRoutineIsTaggedWithItsNameAndASessionUnderASecondIsNotTracked() throws {
    let world = TimewarriorWorld()
    let routine = TimewarriorWorld.session(routine: "Gym circuit", start: Self.morning)
    #expect(try world.timew.track(routine) == .tracked)
    let blink = TimewarriorWorld.session(start: Self.morning + 3600, minutes: 0.5 / 60)
    #expect(try world.timew.track(blink) == .tooShort)
    #expect(try world.export().map(\.tags) == [["Gym circuit", "cadence", "routine"]])
  }

  /// Names that timew would read as a setting, a hint, an id, a date, a duration, a range word,
  /// an extension or help, or could not store, each on a session of its own: every one is a
  /// tag, as ``TimewarriorTag`` says it is written, and nothing else happens.
  static let hostile = [
    "123", "1h", "monday", "Mon", "tomorrow", "eom", "sow", "weekly", "P1D", "2026-11-01", "9am",
    "12:30", "from", "to", "-", "since", "-h", "--help", "+plus", "-minus", ":adjust", ":fill",
    ":yes", ":a", "@1", "@0", "rc.confirmation=on", "rc.x:y", "rc.x=1 y", "dom.active",
    "dom.tag.1 x", "day", "su", "w", "summary", "'q'", "\"q\"", "\"a b\"", "it's", "a\\\"b",
    "back\\slash", "x\\", "new\nline", "tab\tx", "", "   ", " padded ", "Revise Maths",
    "with \"quote\"", "semi;colon", "a,b", "é ünï", "🏋️", "$(touch x)", "`id`", "a=b", "(", ")",
    "<", "~", "Gym (legs)", "a  b", ":adjust x", "\u{202E}evil", "a\u{0085}b", "cadence",
    String(repeating: "x", count: 300),
  ]

  @Test func hostileNamesStayLiteralTags() throws {
    let world = TimewarriorWorld()
    let timew = try world.timew
    for (offset, name) in Self.hostile.enumerated() {
      let session = TimewarriorWorld.session(routine: name, start: Self.morning + offset * 3600)
      #expect(timew.track(session) == .tracked, "\(name.debugDescription)")
    }
    let intervals = try world.export()
    #expect(intervals.count == Self.hostile.count)
    for (offset, name) in Self.hostile.enumerated() {
      let start = TimewarriorWorld.stamp(Self.morning + offset * 3600)
      let interval = intervals.first { $0.start == start }
      let expected = Set(
        ["cadence", "routine"] + [TimewarriorTag.argument(name)].compactMap { $0 })
      #expect(interval.map { Set($0.tags ?? []) } == expected, "\(name.debugDescription)")
      #expect(
        interval?.end == TimewarriorWorld.stamp(Self.morning + offset * 3600 + 25 * 60),
        "\(name.debugDescription)")
    }
    // The stored form is the name itself wherever timew can read it so.
    for name in ["Revise Maths", "it's", "a,b", "semi;colon", "é ünï", "🏋️", "with \"quote\""] {
      #expect(TimewarriorTag.argument(name) == name)
    }
    #expect(TimewarriorTag.argument("rc.confirmation=on") == "\"rc.confirmation=on\"")
    #expect(TimewarriorTag.argument("new\nline") == "new line")
    #expect(TimewarriorTag.argument("   ") == nil)
  }

  /// An extension of the user's own is read by timew for its name or any start of it.
  @Test func aTagThatNamesTheUsersExtensionIsQuoted() throws {
    let world = TimewarriorWorld()
    let extensions = world.folder + "/timewarrior/extensions"
    try FileManager.default.createDirectory(atPath: extensions, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: extensions + "/gymreport.py", contents: Data("#!/bin/sh\n".utf8),
      attributes: [.posixPermissions: 0o755])
    let session = TimewarriorWorld.session(routine: "gym", start: Self.morning)
    #expect(try world.timew.track(session) == .tracked)
    #expect(try world.export().map(\.tags) == [["\"gym\"", "cadence", "routine"]])
  }

  @Test func anOverlapWithTheUsersOwnIntervalIsOneNoteAndLeavesItAlone() throws {
    let world = TimewarriorWorld()
    try world.timew([":yes", "track", "2026-11-01T10:10:00Z", "-", "2026-11-01T10:20:00Z", "mine"])
    let session = TimewarriorWorld.session(start: Self.morning)
    let note = try #require(Timewarrior.trackFinished(session, environment: world.environment))
    #expect(note.hasPrefix("Timewarrior: timew track failed with status"))
    #expect(note.contains("overlap"))
    #expect(try world.export().map(\.tags) == [["mine"]])
  }

  @Test func noTimewIsOneNote() throws {
    let session = TimewarriorWorld.session(start: Self.morning)
    let note = Timewarrior.trackFinished(
      session, environment: ["PATH": "/nonexistent", "HOME": "/nonexistent"])
    #expect(note?.hasPrefix("Timewarrior: timew is not on PATH") == true)
  }

  @Test func theQueueTracksOffThePathAndSettles() throws {
    let world = TimewarriorWorld()
    TimewarriorQueue.track(
      TimewarriorWorld.session(start: Self.morning), environment: world.environment)
    TimewarriorQueue.track(
      TimewarriorWorld.session(start: Self.morning + 3600), environment: ["PATH": "/nonexistent"])
    let notes = TimewarriorQueue.settle()
    #expect(notes.count == 1)
    #expect(notes.first?.contains("not on PATH") == true)
    #expect(try world.export().count == 1)
    #expect(TimewarriorQueue.settle().isEmpty)
  }
}
