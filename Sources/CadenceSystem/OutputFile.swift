#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file whole or not at all: an export, a routine copied into the library.
///
/// A regular file (or a path not there yet) is written to a new file beside it, every write and
/// the close checked, then renamed over it; a failure removes the new file, so the path is as it
/// was and no half file is left claiming success. A device or a pipe at the path (`/dev/stdout`,
/// a FIFO) cannot be replaced, so it is written directly, every write checked.
public enum OutputFile {
  /// Writes `bytes` to `path`; with `permissions`, the file gets exactly those (else a file
  /// already there keeps its own, and a new one gets 0666 less the umask).
  public static func write(
    _ bytes: [UInt8], to path: String, permissions: mode_t? = nil
  ) -> Result<Void, WriteFailure> {
    bytes.withUnsafeBytes { write($0, to: path, permissions: permissions) }
  }

  /// Writes all of `text` to `path`, as `write(_:to:permissions:)` does.
  public static func write(
    _ text: String, to path: String, permissions: mode_t? = nil
  ) -> Result<Void, WriteFailure> {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: path, permissions: permissions) }
  }

  /// Writes all of `bytes` to `path`, as `write(_:to:permissions:)` does.
  public static func write(
    _ bytes: UnsafeRawBufferPointer, to path: String, permissions: mode_t? = nil
  ) -> Result<Void, WriteFailure> {
    func failure(_ errno: Errno, untouched: Bool = true) -> Result<Void, WriteFailure> {
      .failure(WriteFailure(output: path, errno: errno, untouched: untouched))
    }
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists {
      switch status.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: return failure(Errno(EISDIR))
      default: return writeInPlace(bytes, to: path)
      }
    }
    // Through a link to a file, the file is replaced, not the link.
    let destination = exists ? (resolved(path) ?? path) : path
    let mode = permissions ?? (exists ? status.st_mode & 0o7777 : 0o666 & ~currentUmask())
    var template = Array((folder(of: destination) + "/.cadence-write-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return failure(.current) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return StagedFile.commit(bytes, descriptor: descriptor, staging: temporary, onto: destination) {
      fchmod($0, mode)
    }.flatMapError { failure($0) }
  }

  /// Writes to what is at `path` (a device, a pipe) as it is, every write checked.
  private static func writeInPlace(
    _ bytes: UnsafeRawBufferPointer, to path: String
  ) -> Result<Void, WriteFailure> {
    let opened: Int32
    switch SystemCall.retrying({ open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) }) {
    case .failure(let errno):
      return .failure(WriteFailure(output: path, errno: errno, untouched: true))
    case .success(let descriptor): opened = descriptor
    }
    var result = Descriptor.writeAll(opened, bytes)
    if Glibc.close(opened) != 0, case .success = result, errno != EINTR {
      result = .failure(Errno.current)
    }
    return result.mapError { WriteFailure(output: path, errno: $0) }
  }

  /// The folder a path is in ("." for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = path[..<slash]
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The path with every link resolved, or nil if it cannot be.
  private static func resolved(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// The process's umask (read by setting it and putting it back).
  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }
}
