#if canImport(Glibc)
  import Glibc
#endif

/// Reads a program's output pipe without ever blocking for longer than asked: keeps the first
/// `keep` bytes, and past `readLimit` closes the pipe, so a program that floods its output
/// costs Cadence at most `readLimit` bytes of reading.
struct OutputReader {
  private var descriptor: Int32
  private let keep: Int
  private let readLimit: Int
  private(set) var kept: [UInt8] = []
  private(set) var flooded = false
  private var total = 0
  private var buffer = [UInt8](repeating: 0, count: 16_384)

  init(descriptor: Int32, keep: Int, readLimit: Int) {
    self.descriptor = descriptor
    self.keep = keep
    self.readLimit = readLimit
  }

  /// Waits up to `milliseconds` for output and reads what came; sleeps instead once the pipe
  /// is closed.
  mutating func wait(milliseconds: Int32) {
    guard descriptor >= 0 else {
      var none = pollfd()
      _ = poll(&none, 0, milliseconds)
      return
    }
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&watched, 1, milliseconds) > 0 else { return }
    readOnce()
  }

  /// Reads what is there without waiting, then closes the pipe: once the program is gone.
  mutating func drain() {
    guard descriptor >= 0 else { return }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    while descriptor >= 0, readOnce() {}
    close()
  }

  /// One read: false when nothing more will come now (an error, the end, or nothing there).
  @discardableResult
  private mutating func readOnce() -> Bool {
    let count = read(descriptor, &buffer, buffer.count)
    if count < 0, errno == EINTR { return true }
    guard count > 0 else {
      if count == 0 { close() }
      return false
    }
    if kept.count < keep {
      kept += buffer.prefix(min(count, keep - kept.count))
    }
    total += count
    if total > readLimit {
      flooded = true
      close()
      return false
    }
    return true
  }

  private mutating func close() {
    guard descriptor >= 0 else { return }
    _ = Glibc.close(descriptor)
    descriptor = -1
  }
}
