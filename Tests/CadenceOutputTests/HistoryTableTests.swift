import CadenceCore
import CadenceStore
import CadenceText
import CadenceTime
import Foundation
import Testing

@testable import CadenceOutput

/// `history`'s table, written as the sessions are read, is laid out as a table made from all
/// of them at once: its widths come from what SQLite tells of them beforehand.
@Suite struct HistoryTableTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("cadence-history-table-\(UUID().uuidString)")

  static let start = Date(timeIntervalSince1970: 1_790_000_000)

  static func session(
    _ offset: Int, kind: SessionRecord.Kind = .focus, routine: String? = nil, task: String? = nil,
    active: Int64 = 1_500_000, outcome: SessionRecord.Outcome = .completed, done: Int = 1,
    skipped: Int = 0, resumed: Bool = false, note: String? = nil
  ) -> SessionRecord {
    let began = start.addingTimeInterval(Double(offset) * 3600)
    return SessionRecord(
      kind: kind, routine: routine, task: task, startedAt: began,
      endedAt: began.addingTimeInterval(Double(active) / 1000), plannedMilliseconds: active,
      activeMilliseconds: active, outcome: outcome, segmentsDone: done, segmentsSkipped: skipped,
      note: note, resumed: resumed)
  }

  static let sessions = [
    session(0, task: "Essay", note: "two pages"),
    session(
      1, kind: .routine, routine: "Gym circuit \u{1B}[2J", active: 4_000_000, done: 12, skipped: 3),
    session(2, kind: .break, active: 300_000, outcome: .stopped, resumed: true),
    session(3, kind: .timer, routine: "茶 tea", active: 36_000_000_000, note: "  spaced  "),
    session(
      4, task: String(repeating: "long ", count: 200), note: String(repeating: "n", count: 600)),
  ]

  /// The table as `history` made it before it streamed: every row made, then laid out.
  static func reference(_ sessions: [SessionRecord], timeZone: Zone) -> String {
    var rows = [
      ["started", "kind", "routine", "task", "planned", "active", "outcome", "steps", "note"]
    ]
    for session in sessions {
      rows.append(HistoryTable(timeZone: timeZone).cells(session))
    }
    let total = sessions.saturatingSum(\.activeMilliseconds)
    return PlanRenderer.table(rows, rightAligned: [4, 5]).joined(separator: "\n")
      + "\n\n  \(sessions.count) session\(sessions.count == 1 ? "" : "s"), \(DurationText.format(total / 1000 * 1000)) active\n"
  }

  func written(_ sessions: [SessionRecord], filter: SessionFilter = SessionFilter()) throws
    -> (String, Int)
  {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try Store(path: folder.appendingPathComponent("\(UUID().uuidString).db").path)
    for session in sessions { try store.record(session) }
    var count = 0
    let text = ChunkedText.collect { out in
      count = (try? HistoryTable.write(store.sessionTable, filter, timeZone: .utc, to: out)) ?? -1
    }
    return (text, count)
  }

  @Test func theStreamedTableIsTheTableOfEverySession() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (text, count) = try written(Self.sessions)
    #expect(count == Self.sessions.count)
    #expect(text == Self.reference(Self.sessions, timeZone: .utc))
  }

  @Test(arguments: 0..<5) func anyOneSessionAloneIsLaidOutAsBefore(index: Int) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (text, _) = try written([Self.sessions[index]])
    #expect(text == Self.reference([Self.sessions[index]], timeZone: .utc))
  }

  @Test func aFilterWidensOnlyToTheSessionsItShows() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (text, count) = try written(Self.sessions, filter: SessionFilter(task: "essay"))
    #expect(count == 1)
    #expect(text == Self.reference([Self.sessions[0]], timeZone: .utc))
  }

  @Test func noSessionsWritesNothing() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (text, count) = try written([])
    #expect(count == 0)
    #expect(text.isEmpty)
  }
}
