import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Reading and writing file descriptors, through the one EINTR policy.
public enum Descriptor {
  /// Writes all of `bytes`, after interruptions and short writes; false if a write failed.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      if case .failure = writeAll(descriptor, buffer) { return false }
      return true
    }
  }

  /// Writes all of `text`.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
    writeAll(descriptor, Array(text.utf8))
  }

  /// The largest piece given to one write(2): a file-size limit or a full disk then cuts a
  /// write short first, and the next write says why.
  static let largestWrite = 1 << 20

  /// Writes all of `bytes`, after interruptions and short writes; the errno of a write that
  /// failed (EPIPE for a closed pipe, ENOSPC, EFBIG, EIO...), or of one that wrote nothing.
  public static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer
  ) -> Result<Void, Errno> {
    var offset = 0
    while offset < bytes.count {
      let length = min(bytes.count - offset, largestWrite)
      let written = SystemCall.retrying {
        write(descriptor, bytes.baseAddress! + offset, length)
      }
      switch written {
      case .failure(let error): return .failure(error)
      // write(2) returns 0 only for an empty request; taken as a device that takes nothing.
      case .success(0): return .failure(Errno(EIO))
      case .success(let count): offset += count
      }
    }
    return .success(())
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

  /// Waits until one of `entries` is ready or `milliseconds` pass (-1: no limit), after
  /// interruptions: how many entries have events (their `revents`), 0 when the time ran out.
  static func poll(_ entries: inout [pollfd], milliseconds: Int32) -> Result<Int32, Errno> {
    let count = nfds_t(entries.count)
    return entries.withUnsafeMutableBufferPointer { buffer in
      SystemCall.retrying { Glibc.poll(buffer.baseAddress, count, milliseconds) }
    }
  }

  /// Reads what is there into `buffer` without waiting on a non-blocking descriptor: how many
  /// bytes came (0 at the end of input), or the errno (`Errno.wouldBlock` when none waits).
  public static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Result<Int, Errno>
  {
    SystemCall.retrying { Glibc.read(descriptor, buffer.baseAddress!, buffer.count) }
  }

  /// Makes reads and writes on `descriptor` fail with EAGAIN instead of waiting.
  @discardableResult
  public static func setNonBlocking(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL)
    return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
  }
}
