#if canImport(Glibc)
  import Glibc
#endif

/// Reading a file Cadence is given, without ever blocking and never past a limit.
///
/// Anything but a regular file (a FIFO, a socket, a character or block device, a folder) is
/// refused from its type before it is opened; the file is then opened with `O_NONBLOCK` and
/// checked again, so that one swapped in between cannot make Cadence wait; and it is read a
/// chunk at a time, stopping as soon as it holds more than the limit.
public enum RegularFile {
  /// Why a file cannot be read.
  public enum Failure: Error, Equatable, Sendable {
    case missing
    case directory
    /// A FIFO, a socket or a device, named as in ``kind(of:)``.
    case notRegular(kind: String)
    case unreadable(Errno)
    /// It holds more than `limit` bytes.
    case tooLarge(limit: Int)

    /// What is wrong, as the clause after a path: `is a named pipe (FIFO), not a regular file`.
    public var clause: String {
      switch self {
      case .missing: return "no such file"
      case .directory: return "is a folder, not a regular file"
      case .notRegular(let kind): return "is \(kind), not a regular file"
      case .unreadable(let error): return "cannot be read (\(error))"
      case .tooLarge(let limit):
        return "holds more than \(RegularFile.size(limit)), more than it can"
      }
    }
  }

  /// `64 MB`, `16 KB`, `100 bytes`: a limit as a message shows it.
  public static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
    return "\(bytes) bytes"
  }

  /// The bytes of the regular file at `path`, at most `limit` of them.
  public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
    switch open(path) {
    case .failure(let failure): return .failure(failure)
    case .success(let opened):
      defer { Descriptor.close(opened.descriptor) }
      return read(opened.descriptor, limit: limit, expected: opened.size)
    }
  }

  /// Nil when `path` is a regular file that can be opened for reading; why not otherwise.
  /// Nothing is read, and nothing waits: a FIFO is refused from its type.
  public static func check(_ path: String) -> Failure? {
    switch open(path) {
    case .failure(let failure): return failure
    case .success(let opened):
      Descriptor.close(opened.descriptor)
      return nil
    }
  }

  /// Everything up to the end of input on `descriptor` (standard input, for example), at
  /// most `limit` bytes: reading stops, and the answer is `tooLarge`, as soon as there are
  /// more, so an endless stream costs only the limit.
  public static func read(_ descriptor: Int32, limit: Int, expected: Int = 0)
    -> Result<[UInt8], Failure>
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(0, expected), limit) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { raw in
        SystemCall.retrying { Glibc.read(descriptor, raw.baseAddress!, wanted) }
      }
      switch count {
      case .failure(let error): return .failure(.unreadable(error))
      case .success(0): return .success(bytes)
      case .success(let count):
        bytes += chunk[0..<count]
        if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
      }
    }
  }

  /// How a message names the type of a file that is not regular; nil for a regular file.
  public static func kind(of mode: mode_t) -> Failure? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return .directory
    case S_IFIFO: return .notRegular(kind: "a named pipe (FIFO)")
    case S_IFSOCK: return .notRegular(kind: "a socket")
    case S_IFCHR: return .notRegular(kind: "a character device")
    case S_IFBLK: return .notRegular(kind: "a block device")
    default: return .notRegular(kind: "something other than a regular file")
    }
  }

  private static func open(_ path: String) -> Result<(descriptor: Int32, size: Int), Failure> {
    var status = stat()
    guard stat(path, &status) == 0 else {
      return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(.current))
    }
    if let failure = kind(of: status.st_mode) { return .failure(failure) }
    let opened = SystemCall.retrying {
      Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    }
    guard case .success(let descriptor) = opened else {
      if case .failure(let error) = opened {
        return .failure(error.code == ENOENT ? .missing : .unreadable(error))
      }
      return .failure(.missing)
    }
    guard fstat(descriptor, &status) == 0 else {
      let error = Errno.current
      Descriptor.close(descriptor)
      return .failure(.unreadable(error))
    }
    if let failure = kind(of: status.st_mode) {
      Descriptor.close(descriptor)
      return .failure(failure)
    }
    return .success((descriptor, Int(status.st_size)))
  }
}
