import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// A stored session's columns, read without making a record, are what the record made from
/// the same row holds, for rows Cadence saved and rows written by hand; its quick checks of
/// stored text agree with the slow way round.
@Suite struct StoredSessionTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("stored-session").created() }

  /// The shared hand-written rows, and one without a uuid, which gets a new one each time it
  /// is read.
  static let rows =
    HostileSessionRows.sql + """

      INSERT INTO sessions (uuid, kind, routine, task, goal, tags, started_at, ended_at,
        planned_ms, active_ms, outcome, segments_done, segments_skipped, pauses, note, coins,
        resumed)
      VALUES
        (NULL, 'focus', NULL, NULL, NULL, NULL, '9999-12-31T23:59:59.999Z',
         '2026-11-30T15:20:00.123Z', 5, 5, 'completed', 0, 0, 0, NULL, 0, 0);
      """

  static func text(_ session: StoredSession, _ column: StoredSession.Text) -> [UInt8]? {
    session.withText(column) { bytes in
      bytes.map { Array(String(decoding: $0, as: UTF8.self).utf8) }
    }
  }

  @Test func everyColumnIsWhatTheRecordHolds() throws {
    let store = try Store(path: folder.path("cadence.db"))
    try store.record(
      SessionRecord(
        kind: .focus, routine: "Gym \u{1B}[2J", task: "茶", goal: "Degree",
        tags: ["uni", "writing"], startedAt: Date(timeIntervalSince1970: 1_790_000_000.25),
        endedAt: Date(timeIntervalSince1970: 1_790_001_500.5), plannedMilliseconds: 1_500_000,
        activeMilliseconds: 1_499_750, outcome: .completed, segmentsDone: 3, segmentsSkipped: 1,
        pauses: 2, note: "two\npages", coins: 25, resumed: true))
    try store.database.execute(Self.rows)
    var read = 0
    try store.sessionTable.eachStored { session in
      read += 1
      let record = session.record
      let utf8 = { (text: String?) in text.map { Array($0.utf8) } }
      if record.id == 7 {
        // A row without an id gets a new one each time it is read, as a record does.
        #expect(Self.text(session, .uuid)?.count == 36)
      } else {
        #expect(Self.text(session, .uuid) == utf8(record.uuid))
      }
      #expect(Self.text(session, .kind) == utf8(record.kind.rawValue))
      #expect(Self.text(session, .routine) == utf8(record.routine))
      #expect(Self.text(session, .task) == utf8(record.task))
      #expect(Self.text(session, .goal) == utf8(record.goal))
      #expect(Self.text(session, .tags) == utf8(record.tags.joined(separator: ",")))
      #expect(Self.text(session, .startedAt) == utf8(Timestamp.string(record.startedAt)))
      #expect(Self.text(session, .endedAt) == utf8(Timestamp.string(record.endedAt)))
      #expect(Self.text(session, .outcome) == utf8(record.outcome.rawValue))
      #expect(Self.text(session, .note) == utf8(record.note))
      #expect(session.number(.planned) == record.plannedMilliseconds)
      #expect(session.number(.active) == record.activeMilliseconds)
      #expect(session.number(.segmentsDone) == Int64(record.segmentsDone))
      #expect(session.number(.segmentsSkipped) == Int64(record.segmentsSkipped))
      #expect(session.number(.pauses) == Int64(record.pauses))
      #expect(session.number(.coins) == Int64(record.coins))
      #expect(session.resumed == record.resumed)
      #expect(session.startMilliseconds == Timestamp.milliseconds(record.startedAt))
      return true
    }
    #expect(read == 7)
  }

  @Test func theColumnsAreWhereTheSelectPutsThem() throws {
    let store = try Store(path: folder.path("cadence.db"))
    let statement = try Statement(database: store.database, sql: SessionRecord.select)
    let indexes = statement.columnIndexes()
    // The names are written out here, not read from `SessionRecord.columns` (as `name` is):
    // a column put in the middle of the select must fail this, not move both sides alike.
    let texts: [StoredSession.Text: String] = [
      .uuid: "uuid", .kind: "kind", .routine: "routine", .task: "task", .goal: "goal",
      .tags: "tags", .startedAt: "started_at", .endedAt: "ended_at", .outcome: "outcome",
      .note: "note",
    ]
    let numbers: [StoredSession.Number: String] = [
      .planned: "planned_ms", .active: "active_ms", .segmentsDone: "segments_done",
      .segmentsSkipped: "segments_skipped", .pauses: "pauses", .coins: "coins",
    ]
    #expect(texts.count == StoredSession.Text.allCases.count)
    #expect(numbers.count == StoredSession.Number.allCases.count)
    for (column, name) in texts { #expect(indexes[name] == column.rawValue, "\(name)") }
    for (column, name) in numbers { #expect(indexes[name] == column.rawValue, "\(name)") }
    #expect(indexes["resumed"] == StoredSession.resumedColumn)
  }

  /// Near-canonical timestamps: random digits in the canonical shape, so that invalid months,
  /// days (29 February of a common year) and times come up, and some other shapes.
  @Test func aTimestampIsCanonicalExactlyWhenItIsItsOwnStringAgain() {
    var state: UInt64 = 42
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    var samples = [
      "0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2024-02-29T12:00:00.000Z",
      "2026-02-29T12:00:00.000Z", "2026-11-30T24:00:00.000Z", "2026-11-30T23:60:00.000Z",
      "2026-11-30T23:59:60.000Z", "2026-11-30T15:20:00.123+00:00", "2026-11-30T15:20:00.12Z",
      "2026-11-30T15:20:00.1234Z", "2026-11-30 15:20:00.123Z", "2026-11-30T15:20:00.123z",
      "+026-11-30T15:20:00.123Z", "2026-11-30T15:20:00.123Z ", "",
    ]
    for _ in 0..<20_000 {
      let year = [random(10_000), 1970 + random(100), 2000 + random(40) * 100][random(3)]
      samples.append(
        "\(pad(year, 4))-\(pad(random(14), 2))-\(pad(random(33), 2))T\(pad(random(26), 2)):"
          + "\(pad(random(62), 2)):\(pad(random(62), 2)).\(pad(random(1000), 3))Z")
    }
    var canonical = 0
    for sample in samples {
      var text = sample
      let fast = text.withUTF8 { Timestamp.canonicalMilliseconds($0) }
      let slow = Timestamp.date(sample).map(Timestamp.string)
      #expect((fast != nil) == (slow == sample), "\(sample)")
      if let fast, let date = Timestamp.date(sample) {
        #expect(fast == Timestamp.milliseconds(date), "\(sample)")
        canonical += 1
      }
    }
    #expect(canonical > 5_000)
  }

  @Test func asciiTagsAreCanonicalExactlyWhenSplittingAndJoiningKeepsThem() {
    let pieces = ["a", "b", " ", ",", "\t", "é", "\u{301}", "x y"]
    var state: UInt64 = 7
    for _ in 0..<20_000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var bits = state
      for _ in 0..<Int(bits % 7) {
        bits /= 8
        text += pieces[Int(bits % 8)]
      }
      let joined = TagList.joined(TagList.split(text))
      let fast = text.withUTF8 { TagList.isCanonical($0) }
      // Quick only for printable ASCII; for that, exactly when the tags stay as they are.
      let ascii = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      #expect(fast == (ascii && joined == text && !text.isEmpty), "\(text.debugDescription)")
    }
  }

  func pad(_ value: Int, _ width: Int) -> String {
    String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
  }
}
