import CadenceTestSupport
import CadenceText
import Foundation
import Testing

/// `status --json` (and every JSON line the run's socket sends) writes a stranger's name with
/// the characters a terminal could act on escaped, as every other `--json` does: the C1
/// controls (U+009B is a one-character CSI), DEL, the separators and the bidirectional
/// controls were written raw by Foundation's encoder, which escapes only the C0 controls.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StatusJSONInertTests {
  let folder = TemporaryFolder("status-json").url

  static let name = "a\u{9B}2J\u{85}b\u{7F}\u{202E}c\u{2066}\u{2028}d"

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  @Test func statusJSONEscapesEveryCharacterATerminalCouldActOnAndKeepsTheName() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("stranger.lua")
    try """
    return { name = "\(Self.name)", steps = { { "\(Self.name)", "20m" } } }
    """.write(to: file, atomically: true, encoding: .utf8)
    let started = try CadenceProcess.run(
      ["run", file.path, "--detach", "--mute", "--no-notify"], environment: environment)
    #expect(started.status == 0, "\(started.standardError)")
    defer { _ = try? CadenceProcess.run(["stop"], environment: environment) }

    let output = try CadenceProcess.run(["status", "--json"], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    let raw = output.standardOutput.unicodeScalars.filter {
      TerminalText.isUnsafe($0) && $0 != "\n"
    }
    #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })")
    #expect(output.standardOutput.contains("a\\u009b2J\\u0085b\\u007f\\u202ec\\u2066\\u2028d"))
    let runs = try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
    #expect(runs.first?["routine"] as? String == Self.name)
    #expect(runs.first?["segment"] as? String == Self.name)
  }
}
