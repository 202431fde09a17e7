import CadencePresets
import Foundation
import Testing

/// The presets built into the binary are exactly the routines in examples/: an example added
/// or edited without running scripts/presets fails here.
@Suite struct EmbeddedPresetsTests {
  @Test func everyExampleIsEmbeddedWordForWord() throws {
    let folder = CadenceProcess.root.appendingPathComponent("examples")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".lua") }.sorted()
    #expect(!files.isEmpty)
    #expect(Presets.names == files.map { String($0.dropLast(4)) }, "run scripts/presets")
    for file in files {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let embedded = Presets.text(named: String(file.dropLast(4)))
      // The generator writes each file between a newline after the opening delimiter and one
      // before the closing delimiter, so a file's own final newline stays in the literal.
      #expect(
        embedded == text || embedded.map { $0 + "\n" } == text,
        "\(file) differs from its preset; run scripts/presets")
    }
  }
}
