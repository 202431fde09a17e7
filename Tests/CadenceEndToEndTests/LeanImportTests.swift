import Foundation
import Testing

/// The shipped binary stays lean: no source file says `import Foundation` (or another part of
/// full Foundation), which would link Foundation's internationalisation and ICU's 30 MB of
/// data into `cadence` and cost milliseconds at every start. FoundationEssentials is fine.
@Suite struct LeanImportTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  /// The modules of full Foundation, each of which brings ICU in.
  static let forbidden: Set<String> = [
    "Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
  ]

  /// The module an import line brings in (`@preconcurrency public import struct
  /// Foundation.Date` gives `Foundation`), or nil when the line is not an import.
  static func importedModule(_ line: String) -> String? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let first = words.first,
      first.hasPrefix("@")
        || ["public", "internal", "package", "private", "fileprivate"].contains(first)
    {
      words = words.dropFirst()
    }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    if let kind = words.first,
      ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind)
    {
      words = words.dropFirst()
    }
    return words.first.map { String($0.split(separator: ".")[0]) }
  }

  @Test func importedModuleReadsEveryFormOfImport() {
    #expect(Self.importedModule("import Foundation") == "Foundation")
    #expect(Self.importedModule("  @preconcurrency import Foundation") == "Foundation")
    #expect(Self.importedModule("public import struct Foundation.Date") == "Foundation")
    #expect(Self.importedModule("import FoundationEssentials") == "FoundationEssentials")
    #expect(Self.importedModule("// import Foundation") == nil)
    #expect(Self.importedModule("let imported = 1") == nil)
  }

  @Test func noSourceFileImportsFullFoundation() throws {
    let enumerator = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
    var offenders: [String] = []
    var checked = 0
    while let path = enumerator.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      checked += 1
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") {
        if let module = Self.importedModule(String(line)), Self.forbidden.contains(module) {
          offenders.append("Sources/\(path): import \(module)")
        }
      }
    }
    #expect(checked > 100)
    #expect(
      offenders.isEmpty,
      "import FoundationEssentials (or Glibc, Dispatch, Synchronization) instead: \(offenders)")
  }
}
