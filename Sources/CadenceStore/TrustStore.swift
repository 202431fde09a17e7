import CadenceSystem
import CadenceText
import FoundationEssentials

/// The routines the user trusts, each by where it is and the SHA-256 of its text: a file in
/// the configuration folder ``Paths`` gives (`$XDG_CONFIG_HOME/cadence/trusted`), a JSON object a line,
/// `{"sha256":"…","path":"…"}`. A routine is trusted only when both match, so an edited
/// routine is no longer trusted, nor is the same text at another path.
///
/// The path is written as a JSON string, in which a line break or any other control character
/// is an escape: no file name can end its line and add one of its own. A list in the format
/// of earlier versions (`DIGEST  PATH` lines) is still read, and written anew in this format
/// the next time it changes.
public struct TrustStore {
  public struct Entry: Equatable, Codable, Sendable {
    public var digest: String
    /// Where the trusted text was: a path from the root, or `built-in/NAME.lua`.
    public var path: String

    public init(digest: String, path: String) {
      self.digest = digest
      self.path = path
    }

    enum CodingKeys: String, CodingKey {
      case digest = "sha256"
      case path
    }
  }

  /// The largest trust list read: some hundred thousand routines.
  static let maximumSize = 16 << 20

  public let file: String?

  public init(environment: [String: String]) {
    // Where ``Paths`` puts it; a list where earlier versions kept it is used while none is here.
    let paths = Paths(environment: environment)
    let earlier = Paths.earlier(environment: environment, now: paths).config
    file = Paths.kept(paths.trustList, earlier: earlier.map { $0 + "/trusted" })
  }

  /// Every trusted routine, in the order trusted; none when the list is missing or unreadable.
  public func entries() -> [Entry] {
    guard let file, case .success(let bytes) = PrivateFiles.read(file, limit: Self.maximumSize)
    else { return [] }
    return Self.parse(bytes)
  }

  /// Whether the routine at `location` (see ``location(of:)``) with this text is trusted.
  public func trusts(_ text: [UInt8], at location: String) -> Bool {
    let digest = SHA256.hex(text)
    return entries().contains { $0.digest == digest && Self.same($0.path, location) }
  }

  /// Writes the list, replacing the file whole (never writing through a link).
  public func save(_ entries: [Entry]) throws(Errno) {
    guard let file else { throw .noSuchFile }
    if case .failure(let error) = PrivateFiles.makeFolders(PathText.parent(file)) { throw error }
    if case .failure(let error) = PrivateFiles.replace(file, with: Self.render(entries)) {
      throw error
    }
  }

  /// The list's text: a JSON object a line.
  static func render(_ entries: [Entry]) -> [UInt8] {
    Array(
      entries.map {
        "{\"sha256\":\(JSONText.quoted($0.digest)),\"path\":\(JSONText.quoted($0.path))}\n"
      }
      .joined().utf8)
  }

  /// The entries of a list's text, in either format: JSON lines when it starts with `{`, else
  /// the `DIGEST  PATH` lines of earlier versions. A line that is not an entry is passed over.
  static func parse(_ bytes: [UInt8]) -> [Entry] {
    let lines = bytes.split(separator: UInt8(ascii: "\n"))
    if bytes.first == UInt8(ascii: "{") {
      let decoder = JSONDecoder()
      return lines.compactMap { line in
        guard let entry = try? decoder.decode(Entry.self, from: Data(line)),
          isDigest(entry.digest), !entry.path.isEmpty
        else { return nil }
        return entry
      }
    }
    return lines.compactMap { line in
      let text = String(decoding: line, as: UTF8.self)
      let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard parts.count == 2, isDigest(String(parts[0])) else { return nil }
      let path = String(parts[1].drop { $0 == " " })
      return path.isEmpty ? nil : Entry(digest: String(parts[0]), path: path)
    }
  }

  /// Whether `text` is a SHA-256 as the list writes it: 64 lowercase hexadecimal digits.
  public static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// Whether two locations name one routine: the same text, or two paths that lead to the same
  /// file (through links, `.` or `..`).
  public static func same(_ recorded: String, _ location: String) -> Bool {
    if recorded == location { return true }
    guard recorded.hasPrefix("/"), location.hasPrefix("/"),
      let one = PrivateFiles.resolved(recorded)
    else { return false }
    return one == PrivateFiles.resolved(location)
  }

  /// `path` from the root, so the list says which file it was wherever it is read.
  public static func absolute(_ path: String) -> String {
    path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
