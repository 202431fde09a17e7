#if canImport(Glibc)
  import Glibc
#endif

/// Files and folders Cadence makes for itself (the trust list, the runtime folder, the
/// database): made private, never through a symbolic link where none is meant, and replaced
/// whole rather than rewritten in place.
public enum PrivateFiles {
  /// What is at a path, as `lstat` sees it: a link is a link, not what it points to.
  public struct Status: Equatable, Sendable {
    public enum Kind: Sendable { case file, folder, link, other }
    public var kind: Kind
    /// The user id of the owner.
    public var owner: UInt32
    /// The permission bits (`0o700` for a private folder).
    public var permissions: UInt32
  }

  /// What is at `path` itself (a link is not followed); `noSuchFile` when nothing is.
  public static func status(_ path: String) -> Result<Status, Errno> {
    var raw = stat()
    guard lstat(path, &raw) == 0 else { return .failure(.current) }
    let kind: Status.Kind
    switch raw.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .link
    default: kind = .other
    }
    return .success(
      Status(kind: kind, owner: raw.st_uid, permissions: UInt32(raw.st_mode & 0o7777)))
  }

  /// Makes the folder `path` with `mode` (the umask may take permissions away); true when it
  /// was made, false when something was there already (which may be a link: see ``status``).
  public static func makeFolder(_ path: String, mode: UInt32 = 0o700) -> Result<Bool, Errno> {
    if mkdir(path, mode_t(mode)) == 0 { return .success(true) }
    return errno == EEXIST ? .success(false) : .failure(.current)
  }

  /// Makes `path` and the folders on the way to it (each missing one with `mode`), as
  /// `mkdir -p` does; the folders that exist, and links to folders among them, are left alone.
  public static func makeFolders(_ path: String, mode: UInt32 = 0o700) -> Result<Void, Errno> {
    var folder = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      folder += "/" + part
      guard case .failure(let error) = makeFolder(folder, mode: mode) else { continue }
      // A folder that is there but may not be made (a read-only one, say) is as good.
      var raw = stat()
      guard stat(folder, &raw) == 0, raw.st_mode & S_IFMT == S_IFDIR else {
        return .failure(error)
      }
    }
    var raw = stat()
    guard stat(path, &raw) == 0 else { return .failure(.current) }
    return raw.st_mode & S_IFMT == S_IFDIR ? .success(()) : .failure(Errno(ENOTDIR))
  }

  /// Creates the file `path` with `mode` if nothing is there, and never through a link: true
  /// when it was made, false when something was there already.
  public static func create(_ path: String, mode: UInt32 = 0o600) -> Result<Bool, Errno> {
    let descriptor = SystemCall.retrying {
      open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode_t(mode))
    }
    switch descriptor {
    case .success(let descriptor):
      Descriptor.close(descriptor)
      return .success(true)
    case .failure(let error) where error.code == EEXIST: return .success(false)
    case .failure(let error): return .failure(error)
    }
  }

  /// Creates the file a link at `path` points to, with `mode`, when the link is there and the
  /// file is not: a file reached through a link the user made is private too. True when it was
  /// made; false when `path` is not a link, or its file is there.
  public static func createLinked(_ path: String, mode: UInt32 = 0o600) -> Result<Bool, Errno> {
    guard case .success(let found) = status(path), found.kind == .link else {
      return .success(false)
    }
    var raw = stat()
    if stat(path, &raw) == 0 { return .success(false) }
    guard errno == ENOENT else { return .failure(.current) }
    // Without O_EXCL, open follows the link; O_NONBLOCK keeps a FIFO put there meanwhile from
    // holding it up.
    let descriptor = SystemCall.retrying {
      open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, mode_t(mode))
    }
    switch descriptor {
    case .success(let descriptor):
      Descriptor.close(descriptor)
      return .success(true)
    case .failure(let error): return .failure(error)
    }
  }

  /// Replaces the file at `path` with `bytes` in one step: written to a new file beside it
  /// (made with `mode`, never through a link), flushed, then renamed onto `path`. A link at
  /// `path` is replaced, not followed; a failure leaves what was there as it was.
  public static func replace(_ path: String, with bytes: [UInt8], mode: UInt32 = 0o600) -> Result<
    Void, Errno
  > {
    var staging = ""
    var opened: Result<Int32, Errno> = .failure(Errno(EEXIST))
    for attempt in 0..<100 {
      staging = "\(path).\(getpid())-\(attempt).new"
      opened = SystemCall.retrying {
        open(
          staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode_t(mode))
      }
      if case .failure(let error) = opened, error.code == EEXIST { continue }
      break
    }
    let descriptor: Int32
    switch opened {
    case .success(let made): descriptor = made
    case .failure(let error): return .failure(error)
    }
    // Flushed before the rename: after a crash the name holds the old text or the new.
    return bytes.withUnsafeBytes {
      StagedFile.commit($0, descriptor: descriptor, staging: staging, onto: path) { fsync($0) }
    }
  }

  /// The text of the regular file at `path` (a link to one is followed), up to `limit` bytes;
  /// `fileTooLarge` past it, and a FIFO, a device or a folder is refused without waiting on it.
  public static func read(_ path: String, limit: Int) -> Result<[UInt8], Errno> {
    let opened = SystemCall.retrying {
      open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    }
    let descriptor: Int32
    switch opened {
    case .success(let made): descriptor = made
    case .failure(let error): return .failure(error)
    }
    defer { Descriptor.close(descriptor) }
    var raw = stat()
    guard fstat(descriptor, &raw) == 0 else { return .failure(.current) }
    guard raw.st_mode & S_IFMT == S_IFREG else {
      return .failure(Errno(raw.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL))
    }
    var bytes: [UInt8] = []
    while true {
      switch Descriptor.read(descriptor, limit: 65536) {
      case .failure(let error): return .failure(error)
      case .success(let chunk) where chunk.isEmpty: return .success(bytes)
      case .success(let chunk):
        bytes += chunk
        if bytes.count > limit { return .failure(Errno(EFBIG)) }
      }
    }
  }

  /// Removes the file at `path` (a link itself, never what it points to); nothing there is
  /// as good.
  public static func remove(_ path: String) -> Result<Void, Errno> {
    if unlink(path) == 0 || errno == ENOENT { return .success(()) }
    return .failure(.current)
  }

  /// The path with every link, `.` and `..` resolved, from the root; nil when it does not lead
  /// to anything.
  public static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// This process's effective user id.
  public static var ownUserID: UInt32 { geteuid() }
}
