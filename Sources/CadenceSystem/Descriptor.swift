import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Reading and writing file descriptors, through the one EINTR policy.
public enum Descriptor {
  /// Writes all of `bytes`, after interruptions and short writes; false if a write failed.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        SystemCall.retrying {
          write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
      }
      guard case .success(let count) = written else { return false }
      offset += count
    }
    return true
  }

  /// Writes all of `text`.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
    writeAll(descriptor, Array(text.utf8))
  }

  /// Reads what is there, up to `limit` bytes: an empty array at the end of input.
  public static func read(_ descriptor: Int32, limit: Int = 65536) -> Result<[UInt8], Errno> {
    var buffer = [UInt8](repeating: 0, count: limit)
    let count = buffer.withUnsafeMutableBytes { raw in
      SystemCall.retrying { Glibc.read(descriptor, raw.baseAddress!, limit) }
    }
    return count.map { Array(buffer.prefix($0)) }
  }

  /// Reads everything until the end of input (standard input piped in, for example).
  public static func readToEnd(_ descriptor: Int32) -> Result<[UInt8], Errno> {
    var bytes: [UInt8] = []
    while true {
      switch read(descriptor) {
      case .failure(let error): return .failure(error)
      case .success(let chunk) where chunk.isEmpty: return .success(bytes)
      case .success(let chunk): bytes += chunk
      }
    }
  }

  /// Closes a descriptor (an interrupted close is not retried: on Linux the descriptor is
  /// gone either way).
  public static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// Makes a pipe whose both ends close on exec: (read, write).
  public static func pipe() -> Result<(read: Int32, write: Int32), Errno> {
    var ends: [Int32] = [0, 0]
    guard cadence_pipe_cloexec(&ends) == 0 else { return .failure(.current) }
    return .success((ends[0], ends[1]))
  }

  /// Whether the descriptor is a pipe (or FIFO).
  public static func isPipe(_ descriptor: Int32) -> Bool {
    var status = stat()
    return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
  }
}
