import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `history import`: another machine's export merges by session id, twice is once, a bad file
/// changes nothing; and `stats` totals by tag, task and goal with the coin balance.
@Suite(.timeLimit(.minutes(10))) struct HistoryImportTests {
  let folder = TemporaryFolder("import").url

  func database(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func cadence(_ arguments: [String], db: String) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments + ["--db", db])
  }

  func seed(_ path: String) throws {
    let store = try Store(path: path)
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    try store.record(
      SessionRecord(
        kind: .focus, routine: nil, task: "Essay", goal: "Degree", tags: ["writing", "uni"],
        startedAt: start, endedAt: start.addingTimeInterval(1500), plannedMilliseconds: 1_500_000,
        activeMilliseconds: 1_500_000, outcome: .completed, note: "Two pages, \"finally\"",
        coins: 25))
    try store.record(
      SessionRecord(
        kind: .routine, routine: "Gym", tags: ["legs"], startedAt: start.addingTimeInterval(7200),
        endedAt: start.addingTimeInterval(9000), plannedMilliseconds: 1_800_000,
        activeMilliseconds: 1_800_000, outcome: .stopped, segmentsDone: 4))
  }

  @Test func anExportMergesOnceWithEverythingItCarries() throws {
    let laptop = database("laptop.db")
    let desktop = database("desktop.db")
    try seed(laptop)
    let export = try cadence(["history", "--json"], db: laptop)
    #expect(export.status == 0)
    let file = try CadenceProcess.temporaryFile("laptop.json", export.standardOutput)

    let first = try cadence(["history", "import", file], db: desktop)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput == "Imported 2 sessions.\n")
    let second = try cadence(["history", "import", file], db: desktop)
    #expect(second.standardOutput == "Imported 0 sessions; 2 already here.\n")
    let merged = try cadence(["history", "--json"], db: desktop)
    #expect(merged.standardOutput == export.standardOutput)
    let piped = try CadenceProcess.run(
      ["history", "import", "-", "--db", database("piped.db")], input: export.standardOutput)
    #expect(piped.standardOutput == "Imported 2 sessions.\n", "\(piped.standardError)")

    let sessions = try #require(
      JSONSerialization.jsonObject(with: Data(merged.standardOutput.utf8)) as? [[String: Any]])
    #expect(sessions.first?["kind"] as? String == "focus")
    #expect(sessions.first?["task"] as? String == "Essay")
    #expect(sessions.first?["coins"] as? Int == 25)
    #expect(sessions.first?["note"] as? String == "Two pages, \"finally\"")
    #expect(sessions.first?["tags"] as? String == "writing,uni")
    #expect(UUID(uuidString: sessions.first?["id"] as? String ?? "") != nil)

    let stats = try cadence(["stats", "--days", "3660"], db: desktop)
    #expect(stats.standardOutput.contains("Coins: 25"))
    for heading in ["By task:", "By goal:", "By tag:"] {
      #expect(stats.standardOutput.contains(heading), "\(stats.standardOutput)")
    }
    #expect(stats.standardOutput.contains("Degree"))
    #expect(stats.standardOutput.contains("legs"))
  }

  @Test(arguments: [
    ("not json", "is not a JSON array"),
    (#"[{"kind": "nap"}]"#, "session 1: kind must be"),
    (
      #"[{"kind": "focus", "started_at": "2026-01-01T00:00:00.000Z", "ended_at": "2026-01-01T00:25:00.000Z", "outcome": "completed", "planned_ms": 1, "active_ms": 1, "id": "nope"}]"#,
      "session 1: id"
    ),
  ])
  func aBadFileIsOneLineAndChangesNothing(_ text: String, _ expected: String) throws {
    let target = database("target.db")
    try seed(target)
    let before = try cadence(["history", "--json"], db: target).standardOutput
    let file = try CadenceProcess.temporaryFile("bad.json", text)
    let output = try cadence(["history", "import", file], db: target)
    #expect(output.status == 65)
    #expect(output.standardError.contains(expected), "\(output.standardError)")
    // Named as every command names a file: its path first, as given.
    #expect(output.standardError.hasPrefix("\(file): "), "\(output.standardError)")
    #expect(output.standardError.split(separator: "\n").count == 1)
    #expect(output.standardOutput.isEmpty)
    #expect(try cadence(["history", "--json"], db: target).standardOutput == before)
  }

  @Test func aMissingFileAndBadStandardInputAreNamedLikeAnyOther() throws {
    let target = database("named.db")
    let missing = try cadence(["history", "import", "/nope.json"], db: target)
    #expect(missing.status == 66)
    #expect(
      missing.standardError
        == "/nope.json: no such file, or it cannot be read; check the path (history --json > FILE makes one)\n"
    )
    #expect(missing.standardOutput.isEmpty)
    let piped = try CadenceProcess.run(
      ["history", "import", "-", "--db", target], input: "not json")
    #expect(piped.status == 65)
    #expect(
      piped.standardError
        == "standard input: is not a JSON array of sessions as history --json prints; nothing was imported\n"
    )
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func importWithoutAFileSaysTheFileIsMissing() throws {
    let output = try cadence(["history", "import"], db: database("none.db"))
    #expect(output.status == 64)
    #expect(
      output.standardError.hasPrefix(
        "Error: cadence history import needs FILE\nUsage: cadence history import FILE"))
  }
}
