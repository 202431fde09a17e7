import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// Text from a routine is stored byte for byte: bound and read with its length, so a NUL or
/// an escape sequence comes back exactly as it went in.
@Suite struct TextStorageTests {
  @Test func aNameWithANulAndControlsComesBackWhole() throws {
    let folder = TemporaryFolder("text").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(path: folder.appendingPathComponent("cadence.db").path)
    let name = "Gym\u{0}\u{1B}]0;pwned\u{7}\r\n\u{202E}-x"
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let id = try store.record(
      SessionRecord(
        kind: .routine, routine: name, task: "", startedAt: start,
        endedAt: start.addingTimeInterval(60), plannedMilliseconds: 60_000,
        activeMilliseconds: 60_000, outcome: .completed, segmentsDone: 1, note: "a\u{0}b"))
    let sessions = try store.sessions(SessionFilter(routine: name))
    #expect(sessions.map(\.id) == [id])
    #expect(sessions.first?.routine == name)
    #expect(sessions.first?.routine?.utf8.count == name.utf8.count)
    #expect(sessions.first?.note == "a\u{0}b")
    #expect(sessions.first?.task == "")
    #expect(try store.sessions(SessionFilter(routine: "Gym")).isEmpty)
  }
}
