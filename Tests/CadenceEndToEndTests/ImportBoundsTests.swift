import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `history import` takes exactly what Cadence itself could have recorded: a session beyond
/// any limit the recording side keeps is refused with its number, line and field, and nothing
/// is imported.
@Suite(.timeLimit(.minutes(10))) struct ImportBoundsTests {
  let folder = TemporaryFolder("bounds").url

  func database(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// A session as history --json prints one, with `changes` made to it.
  static func session(_ changes: [String: Any] = [:]) -> [String: Any] {
    var fields: [String: Any] = [
      "kind": "focus", "started_at": "2026-06-01T09:00:00.000Z",
      "ended_at": "2026-06-01T09:25:00.000Z", "outcome": "completed", "planned_ms": 1_500_000,
      "active_ms": 1_500_000, "segments_done": 1, "coins": 25, "task": "Essay",
    ]
    for (key, value) in changes { fields[key] = value }
    return fields
  }

  static func file(_ sessions: [[String: Any]], pretty: Bool = false) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: sessions, options: pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys])
    return try CadenceProcess.temporaryFile("import.json", String(decoding: data, as: UTF8.self))
  }

  @Test(
    arguments: [
      (["active_ms": Int64.max], "active_ms is 9223372036854775807"),
      (["planned_ms": 31_622_400_001], "planned_ms is 31622400001"),
      (["active_ms": -1], "active_ms is -1"),
      (["pauses": -3], "pauses is -3"),
      (["segments_done": -1], "segments_done is -1"),
      (["segments_skipped": 2_000_000], "segments_skipped is 2000000"),
      (["coins": 600_000], "coins is 600000"),
      (
        ["started_at": "9999-01-01T00:00:00.000Z"],
        "started_at 9999-01-01T00:00:00.000Z is in the future"
      ),
      (
        ["ended_at": "9999-01-01T00:00:00.000Z"],
        "ended_at 9999-01-01T00:00:00.000Z is in the future"
      ),
      (
        ["started_at": "1970-01-01T00:00:00.000Z"],
        "started_at 1970-01-01T00:00:00.000Z is before 2000"
      ),
      (
        ["ended_at": "2026-06-01T08:00:00.000Z"],
        "ended_at 2026-06-01T08:00:00.000Z is before started_at"
      ),
      (["note": String(repeating: "n", count: 501)], "note is 501 characters long"),
      (["task": String(repeating: "t", count: 81)], "task is 81 characters long"),
      (["routine": String(repeating: "r", count: 256)], "routine is 256 characters long"),
      (["tags": (1...41).map { "t\($0)" }.joined(separator: ",")], "tags has 41 tags"),
      (
        ["tags": String(repeating: "x", count: 41)],
        "tags: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\" is 41 characters"
      ),
      (["task": 7], "task must be text or null"),
      (["resumed": "yes"], "resumed must be true or false"),
      (["active_ms": 1.5], "active_ms must be a whole number"),
    ] as [([String: any Sendable], String)])
  func aSessionCadenceCouldNotHaveRecordedIsRefused(
    _ change: [String: any Sendable], _ expected: String
  ) throws {
    let target = database("target.db")
    // The bad session is the third, on line 4 of a file with a session a line after "[".
    let sessions = [Self.session(), Self.session(["task": "Other"]), Self.session(change)]
    let lines = try sessions.map {
      String(
        decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]),
        as: UTF8.self)
    }
    let file = try CadenceProcess.temporaryFile(
      "bad.json", "[\n" + lines.joined(separator: ",\n") + "\n]\n")
    let output = try CadenceProcess.run(["history", "import", file, "--db", target])
    #expect(output.status == 65)
    #expect(
      output.standardError.hasPrefix("\(file): line 4, session 3: \(expected)"),
      "\(output.standardError)")
    #expect(output.standardError.hasSuffix("; nothing was imported\n"))
    #expect(output.standardError.split(separator: "\n").count == 1)
    #expect(output.standardOutput.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func theLimitsThemselvesAreAccepted() throws {
    let target = database("limits.db")
    let file = try Self.file([
      Self.session([
        "active_ms": 31_622_400_000, "planned_ms": 31_622_400_000,
        "started_at": "2000-01-01T00:00:00.000Z", "ended_at": "2001-01-02T00:00:00.000Z",
        "note": String(repeating: "é", count: 500), "task": String(repeating: "t", count: 80),
        "coins": 527_040, "segments_done": 1_000_000, "pauses": 1_000_000,
        "tags": (1...40).map { "tag\($0)" }.joined(separator: ","),
      ])
    ])
    let output = try CadenceProcess.run(["history", "import", file, "--db", target])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput == "Imported 1 session.\n")
  }

  @Test(arguments: [
    ("[", "line 1: the text ends where a value should be"),
    ("[S S]", "line 1: the array of sessions is missing a , or ]"),
    ("[]x", "line 1: text follows the array"),
    ("[\n\n  \"focus\"]", "line 3, session 1: is not an object"),
    (
      String(repeating: "[", count: 100_000),
      "line 1: arrays and objects are nested more than 32 deep"
    ),
    ("[{\"note\": \"\u{1}\"}]", "line 1: a string holds a control character"),
  ])
  func textThatIsNotAnExportIsRefusedWithItsLine(_ text: String, _ expected: String) throws {
    // S stands for a session that is itself fine.
    let session = String(
      decoding: try JSONSerialization.data(withJSONObject: Self.session()), as: UTF8.self)
    let file = try CadenceProcess.temporaryFile(
      "odd.json", text.replacingOccurrences(of: "S", with: session))
    let output = try CadenceProcess.run(["history", "import", file, "--db", database("odd.db")])
    #expect(output.status == 65)
    #expect(output.standardError.hasPrefix("\(file): \(expected)"), "\(output.standardError)")
    #expect(output.standardError.split(separator: "\n").count == 1)
  }
}
