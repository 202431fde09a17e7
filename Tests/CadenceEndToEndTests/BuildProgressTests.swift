import CadenceTestSupport
import Foundation
import Testing

/// scripts/cadence's first build says what it is doing and how far it has got, rather than
/// "Building for production..." for minutes: swift build's steps become progress, its own
/// messages pass through.
@Suite struct BuildProgressTests {
  func progress(_ lines: [String]) throws -> String {
    try Program.run(
      "/bin/bash",
      ["-c", "source scripts/release-build && cadence_build_progress 'cadence (1 of 2)' 2>&1"],
      directory: CadenceProcess.root, input: lines.joined(separator: "\n").appending("\n")
    ).standardOutput
  }

  @Test func stepsBecomeAShareDoneAndMessagesPassThrough() throws {
    var lines = ["Building for production..."]
    lines += (1...40).map { "[\($0)/40] Compiling CadenceCore File\($0).swift" }
    lines.insert("Sources/A.swift:3:1: error: something is wrong", at: 20)
    lines.append("warning: Using 'getpwnam' in statically linked applications requires at runtime")
    lines.append("Build complete! (12.0s)")
    let said = try progress(lines)
    let shown = said.split(separator: "\n").map(String.init)
    #expect(shown.first == "  cadence (1 of 2): 2% (1 of 40 steps)", "\(said)")
    #expect(shown.contains("  cadence (1 of 2): 50% (20 of 40 steps)"))
    #expect(shown.contains("  cadence (1 of 2): 100% (40 of 40 steps)"))
    #expect(shown.contains("Sources/A.swift:3:1: error: something is wrong"))
    // A line at each tenth, not one a step; the known noise is gone.
    #expect(shown.filter { $0.contains("steps)") }.count == 11)
    #expect(!said.contains("Building for production") && !said.contains("getpwnam"))
    #expect(!said.contains("Build complete"))
  }
}
