import CadenceSystem
import CadenceText
import FoundationEssentials

/// Where running runs keep their control sockets: `$XDG_RUNTIME_DIR/cadence`, or a private
/// folder under the data directory when that is unset (``Paths/runtime``). The folder is made 0700 and must be
/// the user's own.
public struct RuntimeDirectory: Sendable {
  public let path: String

  public init(environment: [String: String]) {
    // Paths has a runtime folder whenever there is a home; with none at all, the root's
    // refusal names the variable to set.
    path = Paths(environment: environment).runtime ?? "/cadence/run"
  }

  /// The socket of run `id`.
  public func socket(_ id: String) -> String { "\(path)/\(id).sock" }

  /// The file a background run writes its errors to.
  public var log: String { "\(path)/background.log" }

  /// The longest id a run's socket is named by: a process id, at most 4194304 on Linux.
  static let longestID = "4194304"

  /// Makes the folder (0700) if needed; an error sentence when it cannot be used.
  ///
  /// The folder must be one Cadence made: a real folder (not a link to one), the user's own
  /// and private. Anything else is refused, never followed or changed, since the sockets and
  /// the background log would go wherever it leads.
  public func prepare() -> String? {
    let shown = TerminalText.line(path)
    // The name a socket is bound under first (its path and `.new`) must fit in an address.
    let longest = socket(Self.longestID) + ".new"
    guard UnixSocket.fits(longest) else { return Self.tooLong(longest) }
    let made = PrivateFiles.makeFolders(PathText.parent(path)).flatMap {
      PrivateFiles.makeFolder(path)
    }
    if case .failure(let error) = made {
      return
        "\(shown): cannot make the folder for run sockets (\(error)); set XDG_RUNTIME_DIR to a folder you may write to"
    }
    let status: PrivateFiles.Status
    switch PrivateFiles.status(path) {
    case .success(let found): status = found
    case .failure(let error):
      return
        "\(shown): the folder for run sockets cannot be examined (\(error)); set XDG_RUNTIME_DIR to a folder you may use"
    }
    switch status.kind {
    case .folder: break
    case .link:
      return
        "\(shown): the folder for run sockets is a symbolic link, which Cadence never makes; remove the link and Cadence will make the folder itself"
    case .file, .other:
      return
        "\(shown): is not a folder, so run sockets cannot go there; remove it and Cadence will make the folder itself"
    }
    if status.owner != PrivateFiles.ownUserID {
      return "\(shown): the folder for run sockets belongs to another user; remove it"
    }
    if status.permissions & 0o077 != 0 {
      return
        "\(shown): the folder for run sockets may be used by other users (mode \(String(status.permissions, radix: 8))), so Cadence did not make it; remove it and Cadence will make its own"
    }
    return nil
  }

  /// The sentence for a socket path too long to be bound or reached.
  public static func tooLong(_ socket: String) -> String {
    "\(TerminalText.line(socket)): is \(socket.utf8.count) bytes, longer than the \(UnixSocket.longestPath) a socket's path may have; set XDG_RUNTIME_DIR to a shorter folder, such as /run/user/\(PrivateFiles.ownUserID)"
  }

  /// The ids of the sockets in the folder, oldest first (they may be stale).
  public func socketIDs() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasSuffix(".sock") }.map { String($0.dropLast(5)) }
      .sorted { (Int($0) ?? 0, $0) < (Int($1) ?? 0, $1) }
  }
}
