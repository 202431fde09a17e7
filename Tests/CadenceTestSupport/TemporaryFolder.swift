import Foundation

/// A folder of a test's own under the system's temporary folder, `cadence-LABEL-XXXXXXXX`: a
/// new name each time, short enough that a socket made two levels inside it fits in a socket
/// address (108 bytes).
///
/// Naming one makes nothing (Cadence makes the folders it writes to); `created()` and
/// `write(_:_:)` make it. It is left behind when the test ends unless the test calls `remove()`,
/// as a background process the test started may still be writing there.
public struct TemporaryFolder: Sendable, CustomStringConvertible {
  /// The folder.
  public let url: URL

  /// Names a new folder for `label` (a word saying what the test keeps there).
  public init(_ label: String) { url = URL(fileURLWithPath: Self.newPath(label)) }

  /// A path under the system's temporary folder that nothing has yet, `cadence-LABEL-XXXXXXXX`:
  /// for a file of a test's own (a pid file, a program's output).
  public static func newPath(_ label: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-\(label)-\(UUID().uuidString.prefix(8).lowercased())").path
  }

  /// The folder's path.
  public var path: String { url.path }

  public var description: String { path }

  /// The path of `name` (a file or a folder, or a path below) inside the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The URL of `name` inside the folder.
  public func url(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Makes the folder (and those above it) if it is not there; the folder.
  @discardableResult
  public func created() throws -> TemporaryFolder {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return self
  }

  /// Writes `text` to the file `name` inside the folder, making the folder (and any folder of
  /// the name's) first; the file's path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let file = url(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  /// Removes the folder and everything in it; nothing when it is not there.
  public func remove() { try? FileManager.default.removeItem(at: url) }

  /// Writes `text` to a file `name` in a new folder of its own; the file's path.
  public static func file(_ name: String, _ text: String) throws -> String {
    try TemporaryFolder("file").write(name, text)
  }
}
