import CadenceStore
import CadenceText
import Foundation
import Testing

@testable import CadenceOutput

/// The session object: what `history --json` prints, `session.command` reads and `history
/// import` reads back, written by the one JSON writer, member for member as before.
@Suite struct SessionJSONTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("cadence-session-json-\(UUID().uuidString)")

  static let hostile = "a\u{9B}2J\u{85}b\u{7F}\u{202E}c\u{2066}\u{2028}d\u{1B}]52;c;x\u{7}\"\\"

  static let session = SessionRecord(
    uuid: "0b7c3c1e-8d5a-4d0e-9a55-2b1f0c9d7e11", kind: .focus, routine: nil, task: hostile,
    goal: "Degree", tags: ["uni", "writing"],
    startedAt: Date(timeIntervalSince1970: 1_790_000_000.25),
    endedAt: Date(timeIntervalSince1970: 1_790_001_500.5), plannedMilliseconds: 1_500_000,
    activeMilliseconds: 1_499_750, outcome: .completed, segmentsDone: 1, segmentsSkipped: 0,
    pauses: 2, note: hostile, coins: 25, resumed: true)

  @Test func theObjectHasEveryColumnInOrderWithItsValue() {
    let expected =
      #"{"id":"0b7c3c1e-8d5a-4d0e-9a55-2b1f0c9d7e11","kind":"focus","routine":null,"task":"#
      + JSONText.quoted(Self.hostile)
      + #","tags":"uni,writing","started_at":"2026-09-21T14:13:20.250Z","ended_at":"2026-09-21T14:38:20.500Z","planned_ms":1500000,"active_ms":1499750,"outcome":"completed","segments_done":1,"segments_skipped":0,"pauses":2,"note":"#
      + JSONText.quoted(Self.hostile) + #","coins":25,"resumed":true,"goal":"Degree"}"# + "\n"
    #expect(SessionJSON.line(Self.session) == expected)
  }

  @Test func noTextATerminalCouldActOnIsWrittenRawAndEveryTextReadsBack() throws {
    let line = SessionJSON.line(Self.session)
    let raw = line.unicodeScalars.filter { TerminalText.isUnsafe($0) && $0 != "\n" }
    #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })")
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["note"] as? String == Self.hostile)
    #expect(object["task"] as? String == Self.hostile)
    #expect(Array(object.keys).sorted() == SessionJSON.columns.sorted())
  }

  @Test func theArrayIsEverySessionsObjectAsItIsRead() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(path: folder.appendingPathComponent("a.db").path)
    var sessions: [SessionRecord] = []
    // More than a chunk, so the array is handed on in pieces.
    for index in 0..<400 {
      var session = Self.session
      session.uuid = SessionRecord.newUUID()
      session.startedAt = session.startedAt.addingTimeInterval(Double(index) * 3600)
      session.endedAt = session.endedAt.addingTimeInterval(Double(index) * 3600)
      try store.record(session)
      sessions.append(session)
    }
    var pieces = 0
    var whole = ""
    let out = ChunkedText {
      pieces += 1
      whole += $0
    }
    try SessionJSON.writeArray(store.sessionTable, SessionFilter(), to: out)
    #expect(pieces > 1)
    #expect(
      whole
        == "[" + sessions.map { String(SessionJSON.line($0).dropLast()) }.joined(separator: ",")
        + "]\n")
    let empty = ChunkedText.collect { out in
      try? SessionJSON.writeArray(
        store.sessionTable, SessionFilter(since: Date(timeIntervalSince1970: 2e9)), to: out)
    }
    #expect(empty == "[]\n")
  }
}
