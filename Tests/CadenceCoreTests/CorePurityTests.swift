import Foundation
import Testing

/// CadenceCore and CadenceTime are pure: they import no system module (the zone files come
/// through an injected reader, time through an injected clock) and never read the time
/// themselves.
@Suite struct CorePurityTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
  static let systemModules: Set<String> = [
    "CadenceSystem", "CSystem", "Glibc", "Musl", "Darwin", "CadenceStore", "CadenceRuntime",
  ]

  @Test(arguments: ["CadenceCore", "CadenceTime"])
  func importsNoSystemModuleAndReadsNoTime(module: String) throws {
    let folder = Self.sources.appendingPathComponent(module)
    let files =
      (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 3)
    var found: [String] = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.components(separatedBy: "//")[0]
        let words = code.split(separator: " ").map(String.init)
        if let index = words.firstIndex(of: "import"), index + 1 < words.count,
          Self.systemModules.contains(words[index + 1])
        {
          found.append("\(file):\(number + 1) imports \(words[index + 1])")
        }
        if code.contains("Date()") || code.contains("ContinuousClock()")
          || code.contains("SuspendingClock()")
        {
          found.append("\(file):\(number + 1) reads the time")
        }
      }
    }
    #expect(found.isEmpty, "\(found)")
  }
}
