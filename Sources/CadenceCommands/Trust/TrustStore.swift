import CadenceText
import FoundationEssentials

/// The routines the user trusts, by the SHA-256 of their text: a file in the configuration
/// folder (`$XDG_CONFIG_HOME/cadence/trusted`), a line for each, `DIGEST  PATH`. A file whose
/// text changes has another digest, so an edited routine is no longer trusted.
struct TrustStore {
  struct Entry: Equatable {
    var digest: String
    /// Where the trusted text was (a path, or `built-in/NAME.lua`); for the user to read.
    var path: String
  }

  let file: String?

  init(environment: [String: String]) {
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["HOME"].map { "\($0)/.config" }
    file = config.map { "\($0)/cadence/trusted" }
  }

  /// Every trusted routine, in the order trusted.
  func entries() -> [Entry] {
    guard let file, let data = FileManager.default.contents(atPath: file) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard parts.count == 2, parts[0].count == 64 else { return nil }
      return Entry(
        digest: String(parts[0]), path: String(parts[1].drop { $0 == " " }))
    }
  }

  /// Whether a routine with this text is trusted.
  func trusts(_ text: [UInt8]) -> Bool {
    let digest = SHA256.hex(text)
    return entries().contains { $0.digest == digest }
  }

  /// Writes the list, replacing the file whole.
  func save(_ entries: [Entry]) throws {
    guard let file else {
      throw CocoaError(.fileNoSuchFile)
    }
    let folder = PathText.parent(file)
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let text = entries.map { "\($0.digest)  \($0.path)\n" }.joined()
    try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
  }
}
