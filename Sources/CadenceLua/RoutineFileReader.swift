#if canImport(Glibc)
  import Glibc
#endif

/// Reads a routine file's bytes without ever blocking: anything but a regular file (a FIFO,
/// a socket, a character or block device) is refused from its type before it is opened, and
/// the file is opened with `O_NONBLOCK` all the same, then checked again, so that a file
/// swapped in between cannot make Cadence wait.
enum RoutineFileReader {
  static func read(_ path: String, maximumSize: Int) throws(RoutineFileError) -> [UInt8] {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw errno == ENOENT || errno == ENOTDIR ? .missing(path) : .unreadable(path)
    }
    try checkType(status.st_mode, path: path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      throw errno == ENOENT ? .missing(path) : .unreadable(path)
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(path) }
    try checkType(status.st_mode, path: path)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= maximumSize {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw .unreadable(path) }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    guard bytes.count <= maximumSize else { throw .tooLarge(path, limit: maximumSize) }
    return bytes
  }

  private static func checkType(_ mode: mode_t, path: String) throws(RoutineFileError) {
    switch mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw .directory(path)
    case S_IFIFO: throw .notAFile(path, kind: "a named pipe (FIFO)")
    case S_IFSOCK: throw .notAFile(path, kind: "a socket")
    case S_IFCHR: throw .notAFile(path, kind: "a character device")
    case S_IFBLK: throw .notAFile(path, kind: "a block device")
    default: throw .notAFile(path, kind: "something other than a regular file")
    }
  }
}
