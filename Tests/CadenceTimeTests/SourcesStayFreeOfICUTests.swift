import Foundation
import Testing

/// Foundation's time zones, calendars, date formatters and locales pull ICU and its 30 MB of
/// data into the binary, and without it they quietly know only UTC. The tests link all of
/// Foundation and would not notice, so this looks for them in the sources: time goes through
/// CadenceTime.
@Suite struct SourcesStayFreeOfICUTests {
  static let forbidden: Set<String> = [
    "TimeZone", "Calendar", "DateComponents", "DateFormatter", "ISO8601DateFormatter", "Locale",
    "FoundationInternationalization",
  ]

  /// The repository's `Sources` folder, found from this file's place.
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  @Test func noSourceNamesFoundationsTimeZonesOrLocales() throws {
    let files =
      FileManager.default.enumerator(atPath: Self.sources.path)?.allObjects as? [String] ?? []
    let swiftFiles = files.filter { $0.hasSuffix(".swift") }
    #expect(swiftFiles.count > 50)
    var found: [String] = []
    for file in swiftFiles {
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        // Code only: what follows `//` is a comment (or, rarely, inside a string; fine).
        let code = line.components(separatedBy: "//")[0]
        let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        if let word = words.first(where: { Self.forbidden.contains(String($0)) }) {
          found.append("\(file):\(number + 1) names \(word)")
        }
      }
    }
    #expect(found.isEmpty, "use CadenceTime instead: \(found)")
  }
}
