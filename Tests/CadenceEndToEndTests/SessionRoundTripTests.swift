import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// One session object: what `history --json` writes, `history import` reads back as it was,
/// whatever its text holds, so exporting the import gives the same bytes.
@Suite(.timeLimit(.minutes(10))) struct SessionRoundTripTests {
  let folder = TemporaryFolder("round-trip")

  static let hostile = "a\u{9B}2J\u{85}b\u{7F}\u{202E}c\u{2066}\u{2028}d\u{1B}]52;c;x\u{7}\"\\/é 🏋️"

  @Test func whatExportWritesImportReadsBackExactly() throws {
    try folder.created()
    defer { folder.remove() }
    let laptop = folder.path("laptop.db")
    let store = try Store(path: laptop)
    let start = Date(timeIntervalSince1970: 1_780_000_000.125)
    for (offset, kind) in SessionRecord.Kind.allCases.enumerated() {
      let began = start.addingTimeInterval(Double(offset) * 3600)
      try store.record(
        SessionRecord(
          kind: kind, routine: kind == .routine ? Self.hostile : nil,
          task: kind == .break ? nil : Self.hostile, goal: offset == 1 ? Self.hostile : nil,
          tags: offset == 2 ? ["uni", "writing"] : [], startedAt: began,
          endedAt: began.addingTimeInterval(1500.5), plannedMilliseconds: 1_500_000,
          activeMilliseconds: 1_499_500, outcome: offset == 3 ? .stopped : .completed,
          segmentsDone: offset, segmentsSkipped: offset / 2, pauses: offset * 3,
          note: offset == 0 ? nil : Self.hostile, coins: 25 - offset, resumed: offset == 1))
    }
    let export = try CadenceProcess.run(["history", "--json", "--db", laptop])
    #expect(export.status == 0, "\(export.standardError)")
    let raw = export.standardOutput.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
    #expect(raw.isEmpty)
    let file = try CadenceProcess.temporaryFile("round-trip.json", export.standardOutput)
    let desktop = folder.path("desktop.db")
    let imported = try CadenceProcess.run(["history", "import", file, "--db", desktop])
    #expect(imported.standardOutput == "Imported 4 sessions.\n", "\(imported.standardError)")
    let again = try CadenceProcess.run(["history", "--json", "--db", desktop])
    #expect(again.standardOutput == export.standardOutput)
    let sessions = try #require(
      JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [[String: Any]])
    #expect(
      sessions.map { $0["note"] as? String } == [nil, Self.hostile, Self.hostile, Self.hostile])
  }
}
