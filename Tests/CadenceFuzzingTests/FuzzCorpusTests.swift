import Foundation
import Testing

@testable import CadenceFuzzing

/// Every input in the seed corpus, and every input a fuzzer once broke Cadence with, checked
/// as a regular test: a finding stays fixed.
@Suite struct FuzzCorpusTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

  static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
    let folder = root.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }

  @Test(arguments: FuzzTarget.allCases)
  func seedCorpusKeepsEveryProperty(target: FuzzTarget) throws {
    let files = Self.inputs("corpus", target)
    #expect(files.count >= 10, "the seed corpus of \(target) has only \(files.count) inputs")
    for file in files {
      let broken = target.check(Array(try Data(contentsOf: file)))
      #expect(broken.isEmpty, "\(file.lastPathComponent): \(broken)")
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyPastFindingStaysFixed(target: FuzzTarget) throws {
    for file in Self.inputs("regressions", target) {
      let broken = target.check(Array(try Data(contentsOf: file)))
      #expect(broken.isEmpty, "\(file.lastPathComponent): \(broken)")
    }
  }
}
