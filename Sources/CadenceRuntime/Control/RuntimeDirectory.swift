import CadenceSystem
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Where running runs keep their control sockets: `$XDG_RUNTIME_DIR/cadence`, or a private
/// folder under the data directory when that is unset. The folder is made 0700 and must be
/// the user's own.
public struct RuntimeDirectory: Sendable {
  public let path: String

  public init(environment: [String: String]) {
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      path = runtime + "/cadence"
    } else {
      let data =
        environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        ?? ((environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path)
          + "/.local/share")
      path = data + "/cadence/run"
    }
  }

  /// The socket of run `id`.
  public func socket(_ id: String) -> String { "\(path)/\(id).sock" }

  /// The file a background run writes its errors to.
  public var log: String { "\(path)/background.log" }

  /// Makes the folder (0700) if needed; an error sentence when it cannot be used.
  public func prepare() -> String? {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      return
        "\(path): cannot make the folder for run sockets (\(Errno.reason(error))); set XDG_RUNTIME_DIR to a folder you may write to"
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_uid == geteuid() else {
      return "\(path): the folder for run sockets belongs to another user; remove it"
    }
    if status.st_mode & 0o077 != 0 { chmod(path, 0o700) }
    return nil
  }

  /// The ids of the sockets in the folder, oldest first (they may be stale).
  public func socketIDs() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasSuffix(".sock") }.map { String($0.dropLast(5)) }
      .sorted { (Int($0) ?? 0, $0) < (Int($1) ?? 0, $1) }
  }
}
