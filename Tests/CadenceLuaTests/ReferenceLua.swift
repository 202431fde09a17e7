import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceLua

/// Runs one chunk through Debian's real `lua5.4` (installed by `scripts/setup`) and through
/// Cadence's sandbox, under the same chunk name, and compares what each returns: a transcript
/// of one line per case, `id: results | log`.
enum ReferenceLua {
  static let interpreter = "/usr/bin/lua5.4"

  /// The chunk's name on both sides, so that error messages name the same place.
  static let chunkName = "diff.lua"

  /// Limits roomy enough for thousands of cases in one chunk: the differential tests are
  /// about what the library gives, not about the limits.
  static let limits = SandboxLimits(
    memory: 256 << 20, loadInstructions: 4_000_000_000, loadSeconds: 60)

  /// What the chunk returns under the real interpreter: it reads the chunk on its standard
  /// input, loads it under the same name as the sandbox does, and writes the returned string.
  static func reference(_ chunk: String) throws -> String {
    // A case that makes the interpreter loop must fail the test, not hang it.
    let output = try Program.run(
      interpreter, ["-e", "io.write(assert(load(io.read('a'), '=\(chunkName)', 't'))())"],
      input: chunk, seconds: 60)
    #expect(output.status == 0, "lua5.4 failed on the chunk")
    return output.standardOutput
  }

  /// What the chunk returns in Cadence's sandbox.
  static func sandbox(_ chunk: String) throws -> String {
    let sandbox = try LuaSandbox(limits: limits)
    let value = try sandbox.run(source: Array(chunk.utf8), chunk: chunkName, keepingAs: "reference")
    guard case .string(let text) = value else {
      Issue.record("the chunk returned \(String(describing: value))")
      return ""
    }
    return text
  }

  /// Whether the real interpreter is there; a test that needs it fails, saying how to get it.
  static func available(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: interpreter) else {
      Issue.record(
        "\(interpreter) is missing; run scripts/setup, which installs Debian's lua5.4",
        sourceLocation: sourceLocation)
      return false
    }
    return true
  }

  /// Runs `cases` (Lua statements, each printing one or more lines that start with its id,
  /// then `/` or `:`) after the harness and `helpers` on both sides, and records every line
  /// that differs, with the case that printed it. Returns the number of lines compared.
  @discardableResult
  static func compare(
    _ cases: [(id: String, source: String)], helpers: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    guard available(sourceLocation: sourceLocation) else { return 0 }
    let chunk =
      ReferenceHarness.prelude + helpers + "\n"
      + cases.map(\.source).joined(separator: "\n") + "\n" + ReferenceHarness.epilogue
    let expected = try reference(chunk).split(separator: "\n", omittingEmptySubsequences: false)
    let actual = try sandbox(chunk).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(expected.count >= cases.count, sourceLocation: sourceLocation)
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    let sources = Dictionary(cases.map { ($0.id, $0.source) }, uniquingKeysWith: { a, _ in a })
    var differences = 0
    for (lua, cadence) in zip(expected, actual) where lua != cadence {
      differences += 1
      if differences <= 5 {
        let id = String(lua.prefix { $0 != "/" && $0 != ":" })
        Issue.record(
          "case \(sources[id] ?? id)\nLua:     \(lua)\nCadence: \(cadence)",
          sourceLocation: sourceLocation)
      }
    }
    #expect(
      differences == 0, "\(differences) of \(expected.count) lines differ",
      sourceLocation: sourceLocation)
    return expected.count
  }
}
